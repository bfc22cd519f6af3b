/**
 * Plan perks in public: featured placement (first among equal search results, and first on the
 * home page's featured experts) and the Pro badge follow the plan's flags, through supabase-js
 * against the real server on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

type Actor = { id: string; client: SupabaseClient };
interface Card {
  id: string;
  featured: boolean;
  pro_badge: boolean;
}

describeEachDb('plan perks: featured placement and the Pro badge', ({ server }) => {
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let pro: Actor;
  let free: Actor;
  const skill = `Zetaskill${randomUUID().slice(0, 6)}`;

  const make = async (label: string, meta: Record<string, unknown>) => {
    const who = await createSignedInUser(
      server(),
      service,
      `${label}-${randomUUID().slice(0, 8)}@example.com`,
      { name: label, account_type: 'professional', ...meta },
    );
    // the same card in every way that search orders by, so only the plan can tell them apart
    const same = { title: `${skill} specialist`, skills: [skill], location: 'Leeds' };
    const { error } = await who.client.from('profiles').update(same).eq('id', who.id);
    expect(error).toBeNull();
    return who;
  };

  const search = async (args: Record<string, unknown>): Promise<Card[]> => {
    const { data, error } = await anon.rpc('search_professionals', args);
    expect(error).toBeNull();
    return (data as { items: Card[] }).items;
  };

  beforeAll(async () => {
    const s = server();
    service = newClient(s, s.serviceRoleKey);
    anon = newClient(s, s.anonKey);
    // free first, so the id tie-break alone would never put pro first
    free = await make('free', {});
    pro = await make('pro', { selected_plan: 'pro' });
  }, 120_000);

  test('a pro professional is featured and badged; a free one is neither', async () => {
    const items = await search({ p_query: skill });
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ id: pro.id, featured: true, pro_badge: true });
    expect(items[1]).toMatchObject({ id: free.id, featured: false, pro_badge: false });
  });

  test('featured comes first among equals in every sort order, and first outright on sort featured', async () => {
    for (const sort of ['relevance', 'rating', 'rate_asc', 'rate_desc', 'featured']) {
      const items = await search({ p_query: skill, p_sort: sort });
      expect(items.map((card) => card.id)).toEqual([pro.id, free.id]);
    }
  });

  test('nobody sets featured or the badge through the api, not even on their own profile', async () => {
    const { error } = await free.client
      .from('profiles')
      .update({ featured: true, pro_badge: true })
      .eq('id', free.id);
    expect(error?.message).toMatch(/follow the plan/);
    const { data } = await anon.from('profiles').select('featured, pro_badge').eq('id', free.id);
    expect(data).toEqual([{ featured: false, pro_badge: false }]);
  });

  test('the perks follow the plan: upgrading adds them, downgrading takes them away', async () => {
    // ending pro's subscription puts them on free; moving free's row to pro upgrades them
    await service.from('user_subscriptions').delete().eq('user_id', pro.id);
    const afterDowngrade = await search({ p_query: skill });
    expect(afterDowngrade.every((card) => !card.featured && !card.pro_badge)).toBe(true);
    const { error } = await service
      .from('user_subscriptions')
      .update({ plan_type: 'pro' })
      .eq('user_id', free.id);
    expect(error).toBeNull();
    const items = await search({ p_query: skill });
    expect(items[0]).toMatchObject({ id: free.id, featured: true, pro_badge: true });
  });

  test('a plan losing its featured flag takes featured placement from everyone on it', async () => {
    const { data: plan } = await service
      .from('subscription_plans')
      .select('features')
      .eq('type', 'pro')
      .single();
    const features = plan?.features as Record<string, boolean>;
    await service
      .from('subscription_plans')
      .update({ features: { ...features, featured_profile: false } })
      .eq('type', 'pro');
    try {
      const items = await search({ p_query: skill });
      expect(items.find((card) => card.id === free.id)).toMatchObject({
        featured: false,
        pro_badge: true,
      });
    } finally {
      await service.from('subscription_plans').update({ features }).eq('type', 'pro');
    }
    const restored = await search({ p_query: skill });
    expect(restored.find((card) => card.id === free.id)?.featured).toBe(true);
  });
});
