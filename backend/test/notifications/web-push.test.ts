/**
 * Web push on a real database and a running backend: an in-app notification reaches each of the
 * recipient's subscribed browsers through the push sender, as a real Web Push message (VAPID
 * signed, RFC 8291 encrypted) that a local push service decrypts with the browser's own keys.
 * Expired subscriptions (404/410) are removed, other failures retried, quiet hours make a push
 * wait, a notification hidden from the notification centre is not pushed, and one read in the
 * app before its push was due is not pushed either.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import webpush from 'web-push';
import { DEFAULT_PUSH_HOSTS, sendPush } from '../../src/push/push-sender.ts';
import { startPushService, type PushService } from '../support/push-service.ts';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(120_000);

type Actor = { id: string; client: SupabaseClient };

const SITE_URL = 'http://localhost:3000';

const ukClock = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** Reads until `done` holds (or 10 s pass), then returns the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeEachDb(
  'web push: notifications reach subscribed browsers',
  ({ server }) => {
    let service: SupabaseClient;
    let anon: SupabaseClient;
    const services: PushService[] = [];

    const make = (label: string) =>
      createSignedInUser(server(), service, `${label}-${randomUUID().slice(0, 8)}@example.com`, {
        name: `${label} person`,
        account_type: 'professional',
      });
    const pushService = async (answer?: (n: number) => number) => {
      const started = await startPushService(answer);
      services.push(started);
      return started;
    };
    const subscribe = async (who: Actor, push: PushService, label = 'Test browser') =>
      must(
        await who.client.rpc('save_push_subscription', {
          p_endpoint: push.subscription.endpoint,
          p_p256dh: push.subscription.keys.p256dh,
          p_auth: push.subscription.keys.auth,
          p_label: label,
          p_user_agent: 'jest',
        }),
        'subscribe',
      ) as string;
    const notify = async (who: Actor, title: string, link = '/projects/abc') =>
      (
        must(
          await service
            .from('notifications')
            .insert({ user_id: who.id, kind: 'project_match', title, body: `${title} body`, link })
            .select('id'),
          'notify',
        ) as { id: string }[]
      )[0]?.id;
    const deliveries = async (notificationId: string | undefined) =>
      must(
        await service
          .from('push_deliveries')
          .select('status, attempts, due_at, last_status')
          .eq('notification_id', notificationId ?? ''),
        'deliveries',
      ) as { status: string; attempts: number; due_at: string; last_status: number | null }[];
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

    beforeAll(() => {
      const s = server();
      service = newClient(s, s.serviceRoleKey);
      anon = newClient(s, s.anonKey);
    });
    afterAll(async () => {
      await Promise.all(services.map((started) => started.close()));
    });

    test('a notification arrives at every device as a VAPID-signed message the browser decrypts', async () => {
      const user = await make('push');
      const phone = await pushService();
      const laptop = await pushService();
      await subscribe(user, phone, 'Phone');
      await subscribe(user, laptop, 'Laptop');
      const publicKey = must(await anon.rpc('web_push_public_key'), 'public key') as string;
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

      const sentAt = Date.now();
      const id = await notify(user, 'A new project matches your profile', '/projects/p-1');
      const [message] = await phone.waitFor(1);
      await laptop.waitFor(1);
      expect(message!.payload).toEqual({
        title: 'A new project matches your profile',
        body: 'A new project matches your profile body',
        url: `${SITE_URL}/projects/p-1`,
        tag: `notification-${id}`,
      });
      expect(message!.vapidKey).toBe(publicKey);
      expect(message!.claims.aud).toBe(new URL(phone.subscription.endpoint).origin);
      expect(String(message!.claims.sub)).toMatch(/^(mailto:|https:)/);
      expect(Number(message!.headers.ttl)).toBeGreaterThan(0);
      expect(message!.at - sentAt).toBeLessThan(5_000);

      expect(
        await until(
          async () => (await deliveries(id)).map((d) => d.status),
          (statuses) => statuses.join() === 'sent,sent',
        ),
      ).toEqual(['sent', 'sent']);
      const listed = must(
        await user.client.from('push_subscriptions').select('label, user_agent, last_used_at'),
        'list',
      ) as { label: string; user_agent: string; last_used_at: string | null }[];
      expect(listed.map((row) => row.label).sort()).toEqual(['Laptop', 'Phone']);
      expect(listed.every((row) => row.last_used_at !== null)).toBe(true);
    });

    test('the push service saying 410 Gone removes the subscription; 404 too', async () => {
      const user = await make('expired');
      const gone = await pushService(() => 410);
      const missing = await pushService(() => 404);
      await subscribe(user, gone);
      await subscribe(user, missing);
      await notify(user, 'Expired subscriptions');
      await gone.waitFor(1);
      await missing.waitFor(1);
      const left = async () =>
        (must(await user.client.from('push_subscriptions').select('id'), 'list') as unknown[])
          .length;
      expect(await until(left, (n) => n === 0)).toBe(0);
      await notify(user, 'Nothing is sent to a removed device');
      await settle();
      expect(gone.requests + missing.requests).toBe(2);
    });

    test('other failures are retried until the push service takes the message', async () => {
      const user = await make('retry');
      const flaky = await pushService((n) => (n < 2 ? 503 : 201));
      await subscribe(user, flaky);
      const id = await notify(user, 'Retried');
      await flaky.waitFor(3);
      expect(
        await until(
          async () => (await deliveries(id))[0],
          (row) => row?.status !== 'pending',
        ),
      ).toMatchObject({ status: 'sent', attempts: 3 });
      expect(must(await user.client.from('push_subscriptions').select('id'), 'list')).toHaveLength(
        1,
      );
    });

    test('in quiet hours the push waits until they end; in-app does not', async () => {
      const user = await make('quiet');
      const device = await pushService();
      await subscribe(user, device);
      const now = new Date();
      must(
        await user.client.from('notification_settings').upsert({
          user_id: user.id,
          quiet_start: ukClock(new Date(now.getTime() - 3_600_000)),
          quiet_end: ukClock(new Date(now.getTime() + 3_600_000)),
        }),
        'quiet hours',
      );
      const id = await notify(user, 'Sent after quiet hours');
      await settle();
      expect(device.requests).toBe(0);
      const [waiting] = await deliveries(id);
      expect(waiting!.status).toBe('pending');
      const wait = new Date(waiting!.due_at).getTime() - now.getTime();
      expect(wait).toBeGreaterThan(58 * 60_000);
      expect(wait).toBeLessThanOrEqual(61 * 60_000);
      // the notification centre has it at once
      expect(
        must(
          await user.client
            .from('notifications')
            .select('id')
            .eq('id', id ?? ''),
          'in-app',
        ),
      ).toHaveLength(1);

      // the quiet hours end (the clock moved on): the waiting push goes out
      must(
        await service
          .from('push_deliveries')
          .update({ due_at: new Date().toISOString() })
          .eq('notification_id', id ?? ''),
        'time passes',
      );
      const [message] = await device.waitFor(1);
      expect(message!.payload).toMatchObject({ title: 'Sent after quiet hours' });
    });

    test('quiet hours past midnight end the next UK morning, in winter and in summer time', async () => {
      const user = await make('night');
      must(
        await user.client
          .from('notification_settings')
          .upsert({ user_id: user.id, quiet_start: '22:00', quiet_end: '07:00' }),
        'quiet hours',
      );
      const dueAt = async (at: string) =>
        new Date(
          must(await service.rpc('push_due_at', { p_user: user.id, p_now: at }), 'due') as string,
        ).toISOString();
      expect(await dueAt('2026-01-15T23:30:00Z')).toBe('2026-01-16T07:00:00.000Z');
      expect(await dueAt('2026-01-16T05:00:00Z')).toBe('2026-01-16T07:00:00.000Z');
      expect(await dueAt('2026-07-15T22:30:00Z')).toBe('2026-07-16T06:00:00.000Z');
      expect(await dueAt('2026-07-15T12:00:00Z')).toBe('2026-07-15T12:00:00.000Z');
    });

    test("quiet hours end at the user's own local time when they set a time zone", async () => {
      const user = await make('zone');
      must(
        await user.client.from('notification_settings').upsert({
          user_id: user.id,
          quiet_start: '22:00',
          quiet_end: '07:00',
          time_zone: 'America/New_York',
        }),
        'quiet hours in New York',
      );
      const due = must(
        await service.rpc('push_due_at', { p_user: user.id, p_now: '2026-01-16T04:00:00Z' }),
        'due',
      ) as string;
      expect(new Date(due).toISOString()).toBe('2026-01-16T12:00:00.000Z');
    });

    test('a group with push switched off is not pushed; the notification centre still has it', async () => {
      const user = await make('no-push');
      const device = await pushService();
      await subscribe(user, device);
      must(
        await user.client
          .from('notification_preferences')
          .upsert({ user_id: user.id, kind: 'matches', push: false }),
        'push off for matches',
      );
      const id = await notify(user, 'Not pushed');
      expect(await deliveries(id)).toEqual([]);
      const inApp = must(
        await user.client
          .from('notifications')
          .select('id')
          .eq('id', id ?? ''),
        'in-app',
      );
      expect(inApp).toHaveLength(1);
    });

    test('a notification read in the app before its push was due is not pushed', async () => {
      const user = await make('read');
      const device = await pushService();
      await subscribe(user, device);
      must(
        await service.from('notification_settings').upsert({
          user_id: user.id,
          quiet_start: ukClock(new Date(Date.now() - 3_600_000)),
          quiet_end: ukClock(new Date(Date.now() + 3_600_000)),
        }),
        'quiet hours',
      );
      const id = await notify(user, 'Read before morning');
      must(
        await user.client
          .from('notifications')
          .update({ read_at: new Date().toISOString() })
          .eq('id', id ?? ''),
        'read',
      );
      must(
        await service
          .from('push_deliveries')
          .update({ due_at: new Date().toISOString() })
          .eq('notification_id', id ?? ''),
        'time passes',
      );
      expect(
        await until(
          async () => (await deliveries(id))[0]?.status,
          (status) => status !== 'pending',
        ),
      ).toBe('skipped');
      expect(device.requests).toBe(0);
    });

    test('a kind turned off in the notification centre is not pushed', async () => {
      const user = await make('off');
      const device = await pushService();
      await subscribe(user, device);
      must(
        await user.client
          .from('notification_preferences')
          .upsert({ user_id: user.id, kind: 'matches', in_app: false, email: true }),
        'preferences',
      );
      const id = await notify(user, 'Digest only');
      await settle();
      expect(device.requests).toBe(0);
      expect(await deliveries(id)).toEqual([]);
    });

    test("subscriptions are the owner's: others cannot list, remove or take them", async () => {
      const owner = await make('owner');
      const other = await make('other');
      const device = await pushService();
      const id = await subscribe(owner, device);
      expect(
        must(await other.client.from('push_subscriptions').select('id').eq('id', id), 'peek'),
      ).toEqual([]);
      must(await other.client.from('push_subscriptions').delete().eq('id', id), 'delete');
      expect(must(await owner.client.from('push_subscriptions').select('id'), 'list')).toHaveLength(
        1,
      );
      // the endpoint without the browser's secret moves nothing
      const taken = await other.client.rpc('save_push_subscription', {
        p_endpoint: device.subscription.endpoint,
        p_p256dh: device.subscription.keys.p256dh,
        p_auth: Buffer.alloc(16, 7).toString('base64url'),
      });
      expect(taken.error).not.toBeNull();
      expect(
        (
          await anon.rpc('save_push_subscription', {
            p_endpoint: 'https://fcm.googleapis.com/fcm/send/x',
            p_p256dh: device.subscription.keys.p256dh,
            p_auth: device.subscription.keys.auth,
          })
        ).error,
      ).not.toBeNull();
      // only a push service's web address and well-formed keys are stored
      for (const bad of [
        { p_endpoint: 'file:///etc/passwd' },
        { p_endpoint: 'javascript:alert(1)' },
        { p_endpoint: 'https://user:pw@fcm.googleapis.com/x' },
        { p_p256dh: 'not-a-key' },
        { p_auth: '' },
      ]) {
        const refused = await other.client.rpc('save_push_subscription', {
          p_endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
          p_p256dh: device.subscription.keys.p256dh,
          p_auth: device.subscription.keys.auth,
          ...bad,
        });
        expect([refused.error?.code, bad]).toEqual(['23514', bad]);
      }
      // the owner removes their device
      must(await owner.client.from('push_subscriptions').delete().eq('id', id), 'remove');
      expect(must(await owner.client.from('push_subscriptions').select('id'), 'list')).toEqual([]);
    });
  },
  {
    env: {
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      PUSH_ALLOW_PRIVATE_NETWORKS: 'true',
      PUSH_RETRY_BASE_MS: '200',
      PUSH_POLL_MS: '200',
      SITE_URL,
    },
  },
);

describe('push endpoints the sender refuses', () => {
  test('only known push services over https, never a private address', async () => {
    const local = await startPushService();
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@example.com' };
    const keys = { p256dh: local.subscription.keys.p256dh, auth: local.subscription.keys.auth };
    const payload = { title: 't', body: 'b', url: '/', tag: 'x' };
    const defaults = {
      timeoutMs: 2_000,
      ttlSeconds: 60,
      allowedHosts: DEFAULT_PUSH_HOSTS,
      allowPrivateNetworks: false,
    };
    const refusals = await Promise.all([
      sendPush({ endpoint: local.subscription.endpoint, ...keys }, payload, vapid, defaults),
      sendPush(
        { endpoint: 'http://fcm.googleapis.com/fcm/send/x', ...keys },
        payload,
        vapid,
        defaults,
      ),
      sendPush(
        { endpoint: 'https://fcm.googleapis.com.evil.example/x', ...keys },
        payload,
        vapid,
        defaults,
      ),
      sendPush({ endpoint: local.subscription.endpoint, ...keys }, payload, vapid, {
        ...defaults,
        allowedHosts: ['127.0.0.1'],
      }),
    ]);
    expect(refusals.map((r) => [r.ok, r.status])).toEqual([
      [false, null],
      [false, null],
      [false, null],
      [false, null],
    ]);
    expect(refusals.map((r) => r.error)).toEqual([
      '127.0.0.1 is not a known push service.',
      'Push services are reached over https.',
      'fcm.googleapis.com.evil.example is not a known push service.',
      'Push services are reached over https.',
    ]);
    expect(local.requests).toBe(0);
    await local.close();
  });
});
