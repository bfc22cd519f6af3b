/**
 * delete-my-account through supabase-js against the real server: typed confirmation, the user's
 * stored files removed, the auth user deleted and everything of theirs gone from the API.
 */
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

async function errorOf(result: { error: unknown }) {
  if (!(result.error instanceof FunctionsHttpError)) return null;
  const response = result.error.context as Response;
  return { status: response.status, body: (await response.json()) as { error: string } };
}

describeEachDb('functions: delete-my-account', ({ server }) => {
  let service: SupabaseClient;
  beforeAll(() => {
    service = newClient(server(), server().serviceRoleKey);
  });

  test('refuses visitors and a wrong confirmation, then deletes the account and its files', async () => {
    const email = `leaver-${randomUUID().slice(0, 8)}@example.com`;
    const user = await createSignedInUser(server(), service, email, {
      name: 'Lea Leaver',
      account_type: 'business',
    });
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    must(
      await user.client.storage
        .from('avatars')
        .upload(`${user.id}/me.png`, png, { contentType: 'image/png' }),
      'avatar',
    );
    must(
      await user.client.storage
        .from('files')
        .upload(`${user.id}/docs/brief.pdf`, new Uint8Array([37, 80, 68, 70]), {
          contentType: 'application/pdf',
        }),
      'file',
    );
    must(
      await user.client.from('files').insert({
        owner_id: user.id,
        storage_path: `${user.id}/docs/brief.pdf`,
        name: 'brief.pdf',
        size_bytes: 4,
      }),
      'file row',
    );
    must(
      await user.client.from('projects').insert({ owner_id: user.id, title: 'Secret project' }),
      'project',
    );

    const visitor = newClient(server(), server().anonKey);
    const anonymous = await errorOf(
      await visitor.functions.invoke('delete-my-account', { body: {} }),
    );
    expect(anonymous).toEqual({
      status: 401,
      body: expect.objectContaining({ error: 'Sign in to delete your account.' }),
    });
    const wrong = await errorOf(
      await user.client.functions.invoke('delete-my-account', { body: { confirmation: 'delete' } }),
    );
    expect(wrong).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'Type DELETE MY ACCOUNT to confirm.' }),
    });

    const done = await user.client.functions.invoke('delete-my-account', {
      body: { confirmation: 'DELETE MY ACCOUNT' },
    });
    expect(done.error).toBeNull();
    expect(done.data).toEqual({ success: true, files_removed: 2, error: null });

    // nothing of theirs is readable through the API, not even by the service role
    for (const table of ['profiles', 'projects', 'files', 'user_subscriptions']) {
      const column =
        table === 'profiles' ? 'id' : table === 'user_subscriptions' ? 'user_id' : 'owner_id';
      const { data } = await service.from(table).select('*').eq(column, user.id);
      expect([table, data]).toEqual([table, []]);
    }
    expect(
      (await service.storage.from('avatars').download(`${user.id}/me.png`)).error,
    ).not.toBeNull();
    expect(
      (await service.storage.from('files').download(`${user.id}/docs/brief.pdf`)).error,
    ).not.toBeNull();
    const again = await newClient(server(), server().anonKey).auth.signInWithPassword({
      email,
      password: 'anything-at-all',
    });
    expect(again.error).not.toBeNull();
    expect((await service.auth.admin.getUserById(user.id)).data.user).toBeNull();
  });
});
