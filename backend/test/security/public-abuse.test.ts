/**
 * What a visitor can do without signing in (decision 0150). Before: anyone could list staff
 * through profiles.role, inflate a professional's views and search appearances without limit,
 * close the contact form for everyone with 30 messages a minute, and set the inbox's own columns
 * (assigned_to, answered_at) on a message. These tests failed on the old code; visitors still
 * count once, and still write to us.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(60_000);

describeEachDb('security: limits on what visitors can do', ({ server }) => {
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let pro: { id: string; client: SupabaseClient };
  let viewer: { id: string; client: SupabaseClient };
  let staff: { id: string; client: SupabaseClient };
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    anon = newClient(server(), server().anonKey);
    const make = (name: string) =>
      createSignedInUser(
        server(),
        service,
        `${name.toLowerCase().replace(/\W+/g, '.')}-${run}@example.com`,
        {
          name,
          account_type: 'professional',
        },
      );
    pro = await make('Pia Pro');
    viewer = await make('Vic Viewer');
    staff = await make('Stan Staff');
    must(
      await service.from('admin_users').insert({ user_id: staff.id, role: 'super_admin' }),
      'appoint',
    );
  }, 120_000);

  const statsOf = async (id: string) =>
    ((
      await service
        .from('profile_stats_daily')
        .select('views, search_appearances')
        .eq('professional_id', id)
    ).data ?? []) as { views: number; search_appearances: number }[];

  test('profiles do not tell anyone who is staff', async () => {
    const asAnon = await anon.from('profiles').select('id, role').eq('id', staff.id);
    expect(asAnon.error).toBeNull();
    expect(asAnon.data).toEqual([{ id: staff.id, role: 'user' }]);
    const staffList = await anon.from('profiles').select('id').neq('role', 'user');
    expect(staffList.data).toEqual([]);
    // staff still know they are staff: from admin_users, as the portal and shell ask
    const own = await staff.client.from('admin_users').select('role').eq('user_id', staff.id);
    expect(own.data).toEqual([{ role: 'super_admin' }]);
    expect((await viewer.client.from('admin_users').select('user_id')).data).toEqual([]);
  });

  test('a viewer counts once per professional per day, however often they call', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await anon.rpc('record_profile_view', { professional: pro.id })).error).toBeNull();
      expect(
        (await viewer.client.rpc('record_profile_view', { professional: pro.id })).error,
      ).toBeNull();
      expect(
        (await anon.rpc('record_search_appearances', { professionals: [pro.id] })).error,
      ).toBeNull();
    }
    // one visitor (by address) and one signed-in viewer: two views, one appearance
    expect(await statsOf(pro.id)).toEqual([{ views: 2, search_appearances: 1 }]);
  });

  test('visitors cannot set the inbox columns or backdate a contact message', async () => {
    const base = { name: 'Ann Visitor', subject: 'Hi', message: 'Hello there' };
    const assigned = await anon
      .from('contact_messages')
      .insert({ ...base, email: `a-${run}@example.com`, assigned_to: staff.id });
    expect(assigned.error?.code).toBe('42501');
    const answered = await anon
      .from('contact_messages')
      .insert({ ...base, email: `b-${run}@example.com`, answered_at: new Date().toISOString() });
    expect(answered.error?.code).toBe('42501');
    const email = `c-${run}@example.com`;
    const backdated = await anon
      .from('contact_messages')
      .insert({ ...base, email, created_at: '2020-01-01T00:00:00Z' });
    expect(backdated.error).toBeNull();
    const stored = must(
      await service.from('contact_messages').select('created_at').eq('email', email).single(),
      'read back',
    ) as { created_at: string };
    expect(new Date(stored.created_at).getFullYear()).toBeGreaterThan(2020);
  });

  test('a busy minute elsewhere does not close the contact form; one sender is limited', async () => {
    // thirty messages from other people in the last minute (the old site-wide limit)
    const others = Array.from({ length: 30 }, (_, i) => ({
      name: `Other ${i}`,
      email: `other-${i}-${run}@example.com`,
      subject: 'Hello',
      message: 'A message from someone else',
    }));
    for (const row of others) must(await service.from('contact_messages').insert(row), 'seed');
    const mine = await viewer.client.from('contact_messages').insert({
      name: 'Vic Viewer',
      email: `vic-${run}@example.com`,
      subject: 'Still open?',
      message: 'The form still takes my message',
    });
    expect(mine.error).toBeNull();
    // one sender sending under many addresses stops at their own limit, with a clear message
    let last: { status: number; error: { message: string } | null } | undefined;
    for (let i = 0; i < 12; i++) {
      last = await viewer.client.from('contact_messages').insert({
        name: 'Vic Viewer',
        email: `vic-${i}-${run}@example.com`,
        subject: 'Again',
        message: 'And again',
      });
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(last?.error?.message).toMatch(/several messages in the last hour/);
    // and a visitor is still served
    const visitor = await anon.from('contact_messages').insert({
      name: 'Val Visitor',
      email: `val-${run}@example.com`,
      subject: 'Hello',
      message: 'Another visitor can still write',
    });
    expect(visitor.error).toBeNull();
  });
});
