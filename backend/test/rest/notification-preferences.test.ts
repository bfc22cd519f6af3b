/**
 * Notification preferences through supabase-js against the real server: a user saves their own
 * choices (all four kinds at once, as the settings page does), and notification_wanted, which
 * senders ask, answers from them, with both channels on when nothing was saved.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

describeEachDb('notification preferences', ({ server }) => {
  let service: SupabaseClient;
  beforeAll(() => {
    service = newClient(server(), server().serviceRoleKey);
  });

  test('saved choices decide notification_wanted; unsaved kinds default to on', async () => {
    const user = await createSignedInUser(
      server(),
      service,
      `prefs-${randomUUID().slice(0, 8)}@example.com`,
      { name: 'Nia Notify', account_type: 'professional' },
    );
    const wanted = async (kind: string, channel: string) =>
      must(
        await service.rpc('notification_wanted', {
          p_user: user.id,
          p_kind: kind,
          p_channel: channel,
        }),
        'notification_wanted',
      );
    expect(await wanted('messages', 'email')).toBe(true);

    const rows = ['messages', 'proposals', 'appointments', 'matches'].map((kind) => ({
      user_id: user.id,
      kind,
      in_app: kind !== 'matches',
      email: kind === 'appointments',
    }));
    must(
      await user.client
        .from('notification_preferences')
        .upsert(rows, { onConflict: 'user_id,kind' }),
      'save',
    );
    expect(await wanted('messages', 'email')).toBe(false);
    expect(await wanted('messages', 'in_app')).toBe(true);
    expect(await wanted('appointments', 'email')).toBe(true);
    expect(await wanted('matches', 'in_app')).toBe(false);
    expect(await wanted('matches', 'carrier pigeon')).toBe(false);

    // saving again updates in place; an unknown kind is refused with a clear error
    must(
      await user.client
        .from('notification_preferences')
        .upsert([{ ...rows[0], email: true }], { onConflict: 'user_id,kind' }),
      'save again',
    );
    expect(await wanted('messages', 'email')).toBe(true);
    const bad = await user.client
      .from('notification_preferences')
      .insert({ user_id: user.id, kind: 'gossip' });
    expect(bad.error?.code).toBe('23514');

    // only the service role may ask notification_wanted
    const asked = await user.client.rpc('notification_wanted', {
      p_user: user.id,
      p_kind: 'messages',
      p_channel: 'email',
    });
    expect(asked.error).not.toBeNull();
  });
});
