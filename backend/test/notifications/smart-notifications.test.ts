/**
 * Smart notifications on a real database: the recipient's choices apply to every notification
 * as it is written (in-app, digest only, or nothing), the digest settings and sent digests are
 * private to their user, and the digest claim sends each user's digest once per period, outside
 * their quiet hours, even when two server instances claim at the same moment.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(120_000);

type Actor = { id: string; client: SupabaseClient };
interface Claimed {
  user_id: string;
  period: string;
  digest: string;
  items: { title: string }[];
}

/** The first whole hour from now (within `days`) whose UK time matches `wanted`. */
function ukInstant(wanted: { hour: number; weekday?: string }, days = 7): string {
  const start = new Date();
  start.setUTCMinutes(5, 0, 0);
  for (let h = 1; h <= days * 24; h += 1) {
    const at = new Date(start.getTime() + h * 3_600_000);
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'long',
    }).formatToParts(at);
    const hour = Number(parts.find((p) => p.type === 'hour')!.value);
    const weekday = parts.find((p) => p.type === 'weekday')!.value;
    if (hour === wanted.hour && (!wanted.weekday || weekday === wanted.weekday))
      return at.toISOString();
  }
  throw new Error('no such time');
}

describeEachDb(
  'smart notifications: preferences, digest settings and digests',
  ({ server }) => {
    let service: SupabaseClient;
    let anon: SupabaseClient;
    let daily: Actor, weekly: Actor, other: Actor;

    const make = (label: string) =>
      createSignedInUser(server(), service, `${label}-${randomUUID().slice(0, 8)}@example.com`, {
        name: `${label} person`,
        account_type: 'professional',
      });
    const notify = async (who: Actor, kind: string, title: string) =>
      must(
        await service.from('notifications').insert({ user_id: who.id, kind, title, body: title }),
        'notify',
      );
    const claim = async (now: string): Promise<Claimed[]> =>
      must(
        await service.rpc('claim_notification_digests', { p_now: now, p_limit: 500 }),
        'claim',
      ) as Claimed[];
    const claimFor = async (who: Actor, now: string) =>
      (await claim(now)).filter((row) => row.user_id === who.id);

    beforeAll(async () => {
      const s = server();
      service = newClient(s, s.serviceRoleKey);
      anon = newClient(s, s.anonKey);
      daily = await make('daily');
      weekly = await make('weekly');
      other = await make('other');
    }, 120_000);

    test('in-app off keeps the notification for the digest only; both off writes nothing', async () => {
      must(
        await daily.client.from('notification_preferences').upsert([
          { user_id: daily.id, kind: 'matches', in_app: false, email: true },
          { user_id: daily.id, kind: 'teams', in_app: false, email: false },
        ]),
        'preferences',
      );
      await notify(daily, 'project_match', 'Email-only match');
      await notify(daily, 'team_member_joined', 'Nobody hears this');
      await notify(daily, 'appointment_reminder_24h', 'Your call is in 24 hours');
      const visible = must(await daily.client.from('notifications').select('title'), 'read') as {
        title: string;
      }[];
      expect(visible.map((n) => n.title)).toEqual(['Your call is in 24 hours']);
      const stored = must(
        await service.from('notifications').select('title, in_app').eq('user_id', daily.id),
        'stored',
      ) as { title: string; in_app: boolean }[];
      expect(stored).toEqual(
        expect.arrayContaining([
          { title: 'Email-only match', in_app: false },
          { title: 'Your call is in 24 hours', in_app: true },
        ]),
      );
      expect(stored).toHaveLength(2);
    });

    test('notification_settings: each user reads and writes only their own', async () => {
      must(
        await daily.client
          .from('notification_settings')
          .upsert({ user_id: daily.id, digest: 'daily', quiet_start: '22:00', quiet_end: '07:00' }),
        'save',
      );
      expect((await daily.client.from('notification_settings').select('digest')).data).toEqual([
        { digest: 'daily' },
      ]);
      expect((await other.client.from('notification_settings').select('*')).data).toEqual([]);
      expect((await anon.from('notification_settings').select('*')).data ?? []).toEqual([]);
      const forged = await other.client
        .from('notification_settings')
        .insert({ user_id: daily.id, digest: 'off' });
      expect(forged.error).not.toBeNull();
      const changed = await other.client
        .from('notification_settings')
        .update({ digest: 'off' })
        .eq('user_id', daily.id)
        .select('user_id');
      expect(changed.data ?? []).toEqual([]);
      const half = await weekly.client
        .from('notification_settings')
        .insert({ user_id: weekly.id, quiet_start: '22:00' });
      expect(half.error?.code).toBe('23514');
      const bad = await weekly.client
        .from('notification_settings')
        .insert({ user_id: weekly.id, digest: 'hourly' });
      expect(bad.error?.code).toBe('23514');
    });

    test('a daily digest: not inside quiet hours, once per day, only e-mail kinds, even when claimed twice at once', async () => {
      expect(await claimFor(daily, ukInstant({ hour: 23 }, 2))).toEqual([]);
      expect(await claimFor(daily, ukInstant({ hour: 6 }, 2))).toEqual([]);
      const morning = ukInstant({ hour: 9 }, 2);
      const [first, second] = await Promise.all([claim(morning), claim(morning)]);
      const mine = [...first, ...second].filter((row) => row.user_id === daily.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.digest).toBe('daily');
      expect(mine[0]!.items.map((item) => item.title).sort()).toEqual([
        'Email-only match',
        'Your call is in 24 hours',
      ]);
      expect(
        await claimFor(daily, new Date(Date.parse(morning) + 3_600_000).toISOString()),
      ).toEqual([]);
      // the user sees that it went (and nobody else does)
      const digests = must(
        await daily.client.from('notification_digests').select('period'),
        'mine',
      );
      expect(digests).toEqual([{ period: mine[0]!.period }]);
      expect((await other.client.from('notification_digests').select('*')).data).toEqual([]);
      expect((await anon.from('notification_digests').select('*')).data ?? []).toEqual([]);
      const forged = await daily.client.from('notification_digests').insert({
        user_id: daily.id,
        period: '2020-01-01',
        covered_from: morning,
        covered_to: morning,
        notification_count: 0,
      });
      expect(forged.error).not.toBeNull();
    });

    test('a weekly digest (the default) goes once a week; a read notification is left out; off sends none', async () => {
      await notify(weekly, 'project_match', 'Weekly match');
      await notify(weekly, 'appointment_reminder_15m', 'Already read');
      const read = must(
        await weekly.client
          .from('notifications')
          .update({ read_at: new Date().toISOString() })
          .eq('title', 'Already read')
          .select('id'),
        'read',
      );
      expect(read).toHaveLength(1);
      const monday = ukInstant({ hour: 9, weekday: 'Monday' });
      const claimed = await claimFor(weekly, monday);
      expect(claimed).toHaveLength(1);
      expect(claimed[0]!.period).toMatch(/^\d{4}-W\d{2}$/);
      expect(claimed[0]!.items.map((item) => item.title)).toEqual(['Weekly match']);
      expect(
        await claimFor(weekly, new Date(Date.parse(monday) + 2 * 86_400_000).toISOString()),
      ).toEqual([]);

      await notify(other, 'project_match', 'Never e-mailed');
      must(
        await other.client
          .from('notification_settings')
          .upsert({ user_id: other.id, digest: 'off' }),
        'off',
      );
      expect(await claimFor(other, monday)).toEqual([]);
    });

    test('only the service role claims digests', async () => {
      const asked = await daily.client.rpc('claim_notification_digests', {});
      expect(asked.error).not.toBeNull();
    });
  },
  // the server's own digest pass stays off: these tests claim digests at chosen times themselves
  { env: { NOTIFICATION_DIGEST_INTERVAL_MS: '0' } },
);
