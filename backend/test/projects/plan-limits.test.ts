/**
 * The plans' monthly `projects` and `bookings` limits, enforced in the database: a business on
 * the Free plan posts five projects a month and books twenty calls, a Pro professional books
 * without limit, each refusal names the limit and the plan, and the service role is not metered.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

type Actor = { id: string; client: SupabaseClient };
const inHours = (h: number) =>
  new Date(Math.floor((Date.now() + h * 3_600_000) / 60_000) * 60_000).toISOString();

describeEachDb('plan limits on projects and bookings', ({ server }) => {
  let service: SupabaseClient;

  const make = async (label: string, meta: Record<string, unknown>) =>
    createSignedInUser(server(), service, `${label}-${randomUUID().slice(0, 8)}@example.com`, {
      name: label,
      ...meta,
    });
  const usage = async (who: Actor, metric: string) => {
    const { data } = await who.client
      .from('subscription_usage')
      .select('current_usage')
      .eq('user_id', who.id)
      .eq('metric_name', metric);
    return data?.[0]?.current_usage ?? 0;
  };
  const postProject = (who: Actor, title: string, status = 'draft') =>
    who.client.from('projects').insert({ owner_id: who.id, title, status }).select('id').single();
  const book = (by: Actor, other: Actor, hours: number) =>
    by.client.rpc('propose_appointment', {
      p_with: other.id,
      p_times: [inHours(hours)],
      p_duration_minutes: 30,
    });

  beforeAll(() => {
    const s = server();
    service = newClient(s, s.serviceRoleKey);
  });

  test('a Free business posts five projects a month; the sixth is refused in words', async () => {
    const business = await make('poster', { account_type: 'business' });
    for (let i = 1; i <= 5; i += 1) {
      const posted = await postProject(business, `Project ${i}`, i % 2 ? 'draft' : 'open');
      expect(posted.error).toBeNull();
    }
    expect(await usage(business, 'projects')).toBe(5);

    const refused = await postProject(business, 'One too many');
    expect(refused.error?.message).toBe(
      'You have used all 5 of your projects this month on the Free plan.',
    );
    expect(refused.error?.hint).toBe('You can post more projects from the 1st of next month.');
    const { data: mine } = await business.client.from('projects').select('id');
    expect(mine).toHaveLength(5);

    // Support staff and seeding write with the service role, which is not metered.
    must(
      await service.from('projects').insert({ owner_id: business.id, title: 'Posted by support' }),
      'service insert',
    );
    expect(await usage(business, 'projects')).toBe(5);
  });

  test('each booking counts; at twenty a Free professional is told to upgrade, and Pro books on', async () => {
    const business = await make('booker-biz', { account_type: 'business' });
    const professional = await make('booker-pro', { account_type: 'professional' });
    // Nineteen bookings made earlier this month (the hourly rate limit stops twenty in an hour).
    must(
      await professional.client.rpc('track_usage', {
        user_uuid: professional.id,
        metric_name: 'bookings',
        increment_by: 19,
      }),
      'earlier bookings',
    );
    expect((await book(professional, business, 24)).error).toBeNull();
    expect(await usage(professional, 'bookings')).toBe(20);

    const refused = await book(professional, business, 48);
    expect(refused.error?.message).toBe(
      'You have used all 20 of your bookings this month on the Free plan.',
    );
    expect(refused.error?.hint).toBe(
      'Upgrade to Pro for unlimited bookings, or wait until the 1st of next month.',
    );
    // The business on the other side was not charged for the call it was invited to.
    expect(await usage(business, 'bookings')).toBe(0);

    must(await professional.client.rpc('change_my_plan', { p_plan: 'pro' }), 'upgrade');
    expect((await book(professional, business, 48)).error).toBeNull();
  });

  test('a Free business at its booking limit is told when it can book again', async () => {
    const business = await make('busy-biz', { account_type: 'business' });
    const professional = await make('busy-pro', { account_type: 'professional' });
    must(
      await business.client.rpc('track_usage', {
        user_uuid: business.id,
        metric_name: 'bookings',
        increment_by: 20,
      }),
      'used up',
    );
    const refused = await book(business, professional, 24);
    expect(refused.error?.message).toBe(
      'You have used all 20 of your bookings this month on the Free plan.',
    );
    expect(refused.error?.hint).toBe('You can book more calls from the 1st of next month.');
    const { data } = await business.client.from('appointments').select('id');
    expect(data).toEqual([]);
  });
});
