/**
 * Every plan flag does what it says, in the database (decision 0168): basic_analytics opens
 * my_analytics and my_profile_activity, advanced_analytics adds the response figures,
 * profile_creation lets a professional edit their public profile, identity_verification lets them
 * ask staff to verify them (backend/test/admin/verification-requests.test.ts). The apps ask the
 * shared feature-access helper the same question; these are the answers the API gives.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

type Actor = { id: string; client: SupabaseClient };
const RESPONSE_FIELDS = ['conversations_to_answer', 'answered', 'median_response_minutes'];
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describeEachDb('plan flags gate what they name', ({ server }) => {
  let service: SupabaseClient;
  let free: Actor;
  let pro: Actor;
  let freeFeatures: Record<string, boolean>;
  const run = randomUUID().slice(0, 8);
  const today = isoDay(Date.now());
  const weekAgo = isoDay(Date.now() - 6 * 86_400_000);

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    const make = (label: string, plan: string) =>
      createSignedInUser(server(), service, `${label}-${run}@example.com`, {
        name: label,
        account_type: 'professional',
        selected_plan: plan,
      });
    free = await make('free', 'free');
    pro = await make('pro', 'pro');
    const row = must(
      await service.from('subscription_plans').select('features').eq('type', 'free').single(),
      'free plan',
    ) as { features: Record<string, boolean> };
    freeFeatures = row.features;
  }, 120_000);

  const setFreeFeatures = async (changes: Record<string, boolean>) =>
    must(
      await service
        .from('subscription_plans')
        .update({ features: { ...freeFeatures, ...changes } })
        .eq('type', 'free'),
      'edit free plan',
    );
  afterEach(() => setFreeFeatures({}));

  const analytics = (who: Actor) =>
    who.client.rpc('my_analytics', { p_from: weekAgo, p_to: today });

  test('advanced_analytics: pro gets the response figures, free gets the counts without them', async () => {
    const full = must(await analytics(pro), 'pro') as {
      advanced: boolean;
      responses: Record<string, unknown> | null;
      days: Record<string, unknown>[];
    };
    expect(full.advanced).toBe(true);
    expect(full.responses).toMatchObject({ turns: 0, answered: 0 });
    expect(Object.keys(full.days[0])).toEqual(expect.arrayContaining(RESPONSE_FIELDS));

    const basic = must(await analytics(free), 'free') as typeof full;
    expect(basic.advanced).toBe(false);
    expect(basic.responses).toBeNull();
    expect(basic.days).toHaveLength(7);
    for (const day of basic.days) {
      expect(day).toHaveProperty('profile_views');
      for (const field of RESPONSE_FIELDS) expect(day).not.toHaveProperty(field);
    }
    // the figures themselves are not reachable another way
    const direct = await free.client.rpc('analytics_figures', { p_from: weekAgo, p_to: today });
    expect(direct.error).not.toBeNull();
  });

  test('basic_analytics: without it my_analytics and my_profile_activity refuse', async () => {
    await setFreeFeatures({ basic_analytics: false });
    const refused = await analytics(free);
    expect(refused.error?.message).toBe('Analytics are not included in your plan.');
    const activity = await free.client.rpc('my_profile_activity', { days: 30 });
    expect(activity.error?.message).toBe('Analytics are not included in your plan.');
    expect((await analytics(pro)).error).toBeNull();
    await setFreeFeatures({});
    expect(must(await free.client.rpc('my_profile_activity', { days: 30 }), 'activity')).toEqual([
      { views: 0, search_appearances: 0 },
    ]);
  });

  test('profile_creation: without it a professional cannot change their public profile', async () => {
    const edit = (title: string) =>
      free.client.from('profiles').update({ title }).eq('id', free.id).select('title');
    expect((await edit('Data engineer')).error).toBeNull();
    await setFreeFeatures({ profile_creation: false });
    const refused = await edit('Platform engineer');
    expect(refused.error?.message).toBe(
      'Your plan does not include a public profile, so it cannot be edited.',
    );
    // fields that are not the public profile (the name) stay editable
    expect(
      (await free.client.from('profiles').update({ name: 'Free Two' }).eq('id', free.id)).error,
    ).toBeNull();
    await setFreeFeatures({});
    expect((await edit('Platform engineer')).error).toBeNull();
  });
});
