/**
 * The remote procedures the apps call, through supabase-js against the real server:
 * get_user_subscription_plan, track_usage (atomic, plan limits, -1 unlimited, caller only) and
 * update_user_presence (caller only). Plans come from the seeded free and pro rows.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

interface Plan {
  plan_type: string;
  plan_name: string;
  features: Record<string, boolean>;
  limits: Record<string, number>;
  commission_rate: number | string;
}

const FEATURE_FLAGS = [
  'advanced_analytics',
  'basic_analytics',
  'early_project_access',
  'featured_profile',
  'identity_verification',
  'profile_creation',
  'profile_verification_badge',
  'unlimited_applications',
];

describeEachDb('rpc', ({ server }) => {
  const user = {} as Record<
    'pro' | 'free' | 'biz' | 'admin',
    { id: string; client: SupabaseClient }
  >;
  let service: SupabaseClient;
  let anon: SupabaseClient;

  beforeAll(async () => {
    const s = server();
    service = newClient(s, s.serviceRoleKey);
    anon = newClient(s, s.anonKey);
    const run = randomUUID().slice(0, 8);
    const make = (name: string, meta: Record<string, unknown>) =>
      createSignedInUser(s, service, `${name}-${run}@example.com`, { name, ...meta });
    user.pro = await make('pro', { account_type: 'professional', selected_plan: 'pro' });
    user.free = await make('free', { account_type: 'professional' });
    // A business asking for pro still gets free: pro is for professionals only.
    user.biz = await make('biz', { account_type: 'business', selected_plan: 'pro' });
    user.admin = await make('admin', { account_type: 'professional' });
    must(
      await service
        .from('admin_users')
        .insert({ user_id: user.admin.id, role: 'admin', permissions: { users: true } }),
      'admin',
    );
  }, 120_000);

  const planOf = async (caller: SupabaseClient, userId: string) => {
    const { data, error } = await caller.rpc('get_user_subscription_plan', { user_uuid: userId });
    return { plan: (data as Plan[] | null)?.[0], error };
  };
  const track = (caller: SupabaseClient, userId: string, metric: string, by?: number) =>
    caller.rpc('track_usage', {
      user_uuid: userId,
      metric_name: metric,
      ...(by === undefined ? {} : { increment_by: by }),
    });
  const usageOf = async (userId: string, metric: string) => {
    const rows = must(
      await service
        .from('subscription_usage')
        .select('current_usage')
        .match({ user_id: userId, metric_name: metric }),
      'usage',
    ) as { current_usage: number }[];
    return rows[0]?.current_usage ?? 0;
  };

  describe('get_user_subscription_plan', () => {
    test('a professional who chose pro gets pro: every feature, unlimited applications, the lower fee', async () => {
      const { plan, error } = await planOf(user.pro.client, user.pro.id);
      expect(error).toBeNull();
      expect(plan).toMatchObject({ plan_type: 'pro', plan_name: 'Pro' });
      expect(Object.keys(plan!.features).sort()).toEqual(FEATURE_FLAGS);
      expect(Object.values(plan!.features).every(Boolean)).toBe(true);
      expect(plan!.limits).toMatchObject({ monthly_applications: -1, bookings: -1, projects: -1 });
      expect(Number(plan!.commission_rate)).toBe(8);
    });

    test('everyone else is on free: limited applications and the standard fee', async () => {
      for (const u of [user.free, user.biz]) {
        const { plan, error } = await planOf(u.client, u.id);
        expect(error).toBeNull();
        expect(plan).toMatchObject({ plan_type: 'free', limits: { monthly_applications: 10 } });
        expect(plan!.features).toMatchObject({
          profile_creation: true,
          unlimited_applications: false,
        });
        expect(Number(plan!.commission_rate)).toBe(15);
      }
    });

    test("only the user themselves or a users-area admin may read a user's plan", async () => {
      const other = await planOf(user.free.client, user.pro.id);
      expect(other.error?.code).toBe('42501');
      const visitor = await planOf(anon, user.pro.id);
      expect(visitor.error?.code).toBe('42501');
      const admin = await planOf(user.admin.client, user.pro.id);
      expect(admin.error).toBeNull();
      expect(admin.plan?.plan_type).toBe('pro');
    });
  });

  describe('track_usage', () => {
    test('concurrent calls never pass the free limit: exactly 10 of 15 applications count', async () => {
      const results = await Promise.all(
        Array.from({ length: 15 }, () =>
          track(user.free.client, user.free.id, 'monthly_applications'),
        ),
      );
      expect(results.map((r) => r.error)).toEqual(Array(15).fill(null));
      expect(results.filter((r) => r.data === true)).toHaveLength(10);
      expect(await usageOf(user.free.id, 'monthly_applications')).toBe(10);
      expect((await track(user.free.client, user.free.id, 'monthly_applications')).data).toBe(
        false,
      );
    });

    test('an increment that would overshoot is refused whole, a smaller one still fits', async () => {
      expect((await track(user.free.client, user.free.id, 'bookings', 19)).data).toBe(true);
      expect((await track(user.free.client, user.free.id, 'bookings', 2)).data).toBe(false);
      expect((await track(user.free.client, user.free.id, 'bookings', 1)).data).toBe(true);
      expect(await usageOf(user.free.id, 'bookings')).toBe(20);
    });

    test('-1 means unlimited on pro', async () => {
      for (let i = 0; i < 3; i += 1) {
        expect((await track(user.pro.client, user.pro.id, 'monthly_applications', 1000)).data).toBe(
          true,
        );
      }
      expect(await usageOf(user.pro.id, 'monthly_applications')).toBe(3000);
    });

    test("nobody counts usage against another user's plan, and visitors cannot count at all", async () => {
      const before = await usageOf(user.pro.id, 'projects');
      const other = await track(user.free.client, user.pro.id, 'projects');
      expect(other.error?.code).toBe('42501');
      const admin = await track(user.admin.client, user.pro.id, 'projects');
      expect(admin.error?.code).toBe('42501');
      const visitor = await track(anon, user.pro.id, 'projects');
      expect(visitor.error).not.toBeNull();
      expect(await usageOf(user.pro.id, 'projects')).toBe(before);
    });

    test('applying to a project consumes monthly_applications, and the limit refuses the next one', async () => {
      const s = server();
      const tag = randomUUID().slice(0, 8);
      const owner = await createSignedInUser(s, service, `owner-${tag}@example.com`, {
        name: 'Owen',
        account_type: 'business',
      });
      const applicant = await createSignedInUser(s, service, `applicant-${tag}@example.com`, {
        name: 'Ann',
      });
      const projects = must(
        await owner.client
          .from('projects')
          .insert([1, 2].map((n) => ({ owner_id: owner.id, title: `Job ${n}`, status: 'open' })))
          .select('id'),
        'post projects',
      ) as { id: string }[];
      // Past the early-access window, so a free professional sees them.
      must(
        await service
          .from('projects')
          .update({ published_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
          .in(
            'id',
            projects.map((p) => p.id),
          ),
        'publish earlier',
      );
      const apply = (projectId: string) =>
        applicant.client
          .from('project_applications')
          .insert({ project_id: projectId, professional_id: applicant.id });
      expect((await apply(projects[0].id)).error).toBeNull();
      expect(await usageOf(applicant.id, 'monthly_applications')).toBe(1);
      expect((await track(applicant.client, applicant.id, 'monthly_applications', 9)).data).toBe(
        true,
      );
      const refused = await apply(projects[1].id);
      expect(refused.error?.message).toBe(
        'You have used all 10 of your monthly applications on the Free plan.',
      );
      expect(await usageOf(applicant.id, 'monthly_applications')).toBe(10);
    });

    test('unknown metrics and non-positive increments are rejected', async () => {
      expect((await track(user.free.client, user.free.id, 'teleports')).error?.code).toBe('22023');
      expect((await track(user.free.client, user.free.id, 'projects', 0)).error?.code).toBe(
        '22023',
      );
      expect((await track(user.free.client, user.free.id, 'projects', -5)).error?.code).toBe(
        '22023',
      );
      expect(await usageOf(user.free.id, 'projects')).toBe(0);
    });
  });

  describe('update_user_presence', () => {
    test('sets the caller online, away or offline and stamps last_seen', async () => {
      const first = await user.pro.client.rpc('update_user_presence', {
        p_user_id: user.pro.id,
        p_status: 'online',
      });
      expect(first.error).toBeNull();
      expect(first.data).toMatchObject({ user_id: user.pro.id, status: 'online' });
      const second = await user.pro.client.rpc('update_user_presence', {
        p_user_id: user.pro.id,
        p_status: 'away',
      });
      expect(second.data).toMatchObject({ status: 'away' });
      const seen = (row: unknown) => new Date((row as { last_seen: string }).last_seen).getTime();
      expect(seen(second.data)).toBeGreaterThanOrEqual(seen(first.data));
      const own = await user.pro.client
        .from('user_presence')
        .select('status')
        .eq('user_id', user.pro.id);
      expect(own.data).toEqual([{ status: 'away' }]);
    });

    test("no one sets another user's presence; bad statuses and visitors are refused", async () => {
      const other = await user.free.client.rpc('update_user_presence', {
        p_user_id: user.pro.id,
        p_status: 'offline',
      });
      expect(other.error?.code).toBe('42501');
      const bad = await user.free.client.rpc('update_user_presence', {
        p_user_id: user.free.id,
        p_status: 'asleep',
      });
      expect(bad.error?.code).toBe('22023');
      const visitor = await anon.rpc('update_user_presence', {
        p_user_id: user.pro.id,
        p_status: 'offline',
      });
      expect(visitor.error).not.toBeNull();
      const row = must(
        await service.from('user_presence').select('status').eq('user_id', user.pro.id),
        'presence',
      );
      expect(row).toEqual([{ status: 'away' }]);
    });
  });
});
