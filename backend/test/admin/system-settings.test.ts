/**
 * System settings (feature flags) on a real database: a super admin's changes are audited with
 * the row before and after; every browser (anon included) reads the public flags; an admin with
 * every area but not super admin changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { ALL_AREAS, createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(90_000);

describeEachDb('system settings', ({ server }) => {
  let service: SupabaseClient;
  let anon: SupabaseClient;
  const run = randomUUID().slice(0, 8);
  const key = `flag_${run}`;
  const people: Record<string, { id: string; client: SupabaseClient }> = {};

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    anon = newClient(server(), server().anonKey);
    for (const name of ['admin', 'super']) {
      people[name] = await createSignedInUser(server(), service, `${name}-set-${run}@example.com`, {
        name: `${name} ${run}`,
        account_type: 'professional',
      });
    }
    must(
      await service.from('admin_users').insert([
        { user_id: people.admin.id, role: 'admin', permissions: ALL_AREAS },
        { user_id: people.super.id, role: 'super_admin', permissions: {} },
      ]),
      'seed staff',
    );
  });

  test('a super admin adds and switches a flag; anon reads it; the audit log has both', async () => {
    must(
      await people.super.client
        .from('system_settings')
        .insert({ key, description: 'Show the new search filters', enabled: false }),
      'add',
    );
    must(
      await people.super.client.from('system_settings').update({ enabled: true }).eq('key', key),
      'switch on',
    );
    expect(
      must(await anon.from('system_settings').select('key, enabled').eq('key', key), 'anon'),
    ).toEqual([{ key, enabled: true }]);

    // an admin holding every area is not a super admin: nothing changes
    await people.admin.client.from('system_settings').update({ enabled: false }).eq('key', key);
    const refused = await people.admin.client
      .from('system_settings')
      .insert({ key: `${key}_x`, description: 'Not allowed' });
    expect(refused.error?.code).toBe('42501');
    expect(
      must(await anon.from('system_settings').select('enabled').eq('key', key).single(), 'still'),
    ).toEqual({ enabled: true });

    const log = must(
      await people.super.client
        .from('admin_audit_log')
        .select('actor_id, action, before, after')
        .eq('target_type', 'system_settings')
        .eq('target_id', key)
        .order('occurred_at'),
      'audit',
    ) as {
      actor_id: string;
      action: string;
      before: { enabled: boolean } | null;
      after: { enabled: boolean };
    }[];
    expect(
      log.map((e) => [e.actor_id, e.action, e.before?.enabled ?? null, e.after.enabled]),
    ).toEqual([
      [people.super.id, 'insert', null, false],
      [people.super.id, 'update', false, true],
    ]);
  });

  test('a flag key must be a lower-case identifier', async () => {
    const bad = await people.super.client
      .from('system_settings')
      .insert({ key: 'Bad Key!', description: 'nope' });
    expect(bad.error?.code).toBe('23514');
  });
});
