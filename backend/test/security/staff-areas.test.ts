/**
 * Staff areas hold in row-level security, not only in the admin functions (decision 0151). The
 * policies of profiles, plans held by users, projects, proposals and reviews opened on
 * is_admin(), so an admin whose only area was the inbox could change any user's plan, edit any
 * profile, delete any project and read draft projects and proposals through /rest/v1. These
 * failed on the old code; the admins holding the right area still act. The whole table × area ×
 * operation grid is the RLS matrix (backend/test/rls/matrix.test.ts, rls-matrix.test.ts).
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(60_000);

interface Person {
  id: string;
  client: SupabaseClient;
}

describeEachDb('security: each admin acts only in their own areas', ({ server }) => {
  let service: SupabaseClient;
  let pro: Person, biz: Person, inbox: Person, users: Person, moderation: Person, boss: Person;
  const run = randomUUID().slice(0, 8);

  const person = (name: string, accountType: 'professional' | 'business') =>
    createSignedInUser(
      server(),
      service,
      `${name.toLowerCase().replace(/\W+/g, '.')}-${run}@example.com`,
      {
        name,
        account_type: accountType,
      },
    );
  const appoint = async (who: Person, role: 'admin' | 'super_admin', areas: string[]) =>
    must(
      await service.from('admin_users').insert({
        user_id: who.id,
        role,
        permissions: Object.fromEntries(areas.map((area) => [area, true])),
      }),
      'appoint staff',
    );
  const project = async (status: 'draft' | 'open') => {
    const id = randomUUID();
    must(
      await service.from('projects').insert({ id, owner_id: biz.id, title: `A ${status}`, status }),
      'seed project',
    );
    return id;
  };

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    pro = await person('Pat Pro', 'professional');
    biz = await person('Bo Biz', 'business');
    inbox = await person('Ina Inbox', 'professional');
    users = await person('Uma Users', 'professional');
    moderation = await person('Mo Moderation', 'professional');
    boss = await person('Sue Super', 'professional');
    await appoint(inbox, 'admin', ['inbox']);
    await appoint(users, 'admin', ['users']);
    await appoint(moderation, 'admin', ['moderation']);
    await appoint(boss, 'super_admin', []);
  }, 120_000);

  const planOf = async (id: string) => {
    const { data } = await service.from('user_subscriptions').select('plan_type').eq('user_id', id);
    return (data as { plan_type: string }[] | null)?.[0]?.plan_type;
  };

  test("an inbox admin cannot change a user's plan; a super admin can", async () => {
    const tried = await inbox.client
      .from('user_subscriptions')
      .update({ plan_type: 'pro' })
      .eq('user_id', pro.id)
      .select('user_id');
    expect(tried.data ?? []).toEqual([]);
    expect(await planOf(pro.id)).toBe('free');
    // the users area does not change plans either: plans are the super admins' (BMS) area
    await users.client
      .from('user_subscriptions')
      .update({ plan_type: 'pro' })
      .eq('user_id', pro.id);
    expect(await planOf(pro.id)).toBe('free');
    const done = await boss.client
      .from('user_subscriptions')
      .update({ plan_type: 'pro' })
      .eq('user_id', pro.id)
      .select('user_id');
    expect(done.error).toBeNull();
    expect(done.data).toEqual([{ user_id: pro.id }]);
    expect(await planOf(pro.id)).toBe('pro');
  });

  test("an inbox admin cannot edit someone's profile; a users admin can", async () => {
    const tried = await inbox.client
      .from('profiles')
      .update({ title: 'Defaced' })
      .eq('id', pro.id)
      .select('id');
    expect(tried.data ?? []).toEqual([]);
    const done = await users.client
      .from('profiles')
      .update({ title: 'Tidied by staff' })
      .eq('id', pro.id)
      .select('title');
    expect(done.data).toEqual([{ title: 'Tidied by staff' }]);
  });

  test('an inbox admin can neither read a draft project or proposal nor delete a project; a moderation admin can', async () => {
    const draft = await project('draft');
    const open = await project('open');
    must(
      await service
        .from('project_applications')
        .insert({ project_id: open, professional_id: pro.id, cover_letter: 'Hire me' }),
      'seed proposal',
    );
    expect((await inbox.client.from('projects').select('id').eq('id', draft)).data).toEqual([]);
    expect(
      (await inbox.client.from('project_applications').select('id').eq('project_id', open)).data,
    ).toEqual([]);
    const deleted = await inbox.client.from('projects').delete().eq('id', open).select('id');
    expect(deleted.data ?? []).toEqual([]);
    expect((await service.from('projects').select('id').eq('id', open)).data).toHaveLength(1);

    expect((await moderation.client.from('projects').select('id').eq('id', draft)).data).toEqual([
      { id: draft },
    ]);
    expect(
      (await moderation.client.from('project_applications').select('id').eq('project_id', open))
        .data,
    ).toHaveLength(1);
    const removed = await moderation.client.from('projects').delete().eq('id', open).select('id');
    expect(removed.data).toEqual([{ id: open }]);
  });

  test("another user's plan and usage are read by the users area only", async () => {
    const asInbox = await inbox.client.rpc('get_user_subscription_plan', { user_uuid: pro.id });
    expect(asInbox.error?.code).toBe('42501');
    const asUsers = await users.client.rpc('get_user_subscription_plan', { user_uuid: pro.id });
    expect(asUsers.error).toBeNull();
    expect(
      (await inbox.client.from('user_subscriptions').select('user_id').eq('user_id', pro.id)).data,
    ).toEqual([]);
    expect(
      (await users.client.from('user_subscriptions').select('user_id').eq('user_id', pro.id)).data,
    ).toEqual([{ user_id: pro.id }]);
  });

  test('the inbox admin still works the inbox (the area the portal gave them)', async () => {
    must(
      await service.from('contact_messages').insert({
        name: 'Vi Visitor',
        email: `vi-${run}@example.com`,
        subject: 'Hi',
        message: 'Hello there',
      }),
      'seed contact message',
    );
    const read = await inbox.client.from('contact_messages').select('id, status');
    expect(read.error).toBeNull();
    expect(read.data?.length).toBeGreaterThan(0);
    const answered = await inbox.client
      .from('contact_messages')
      .update({ status: 'in_progress' })
      .eq('id', read.data![0]!.id)
      .select('status');
    expect(answered.data).toEqual([{ status: 'in_progress' }]);
  });
});
