/**
 * Benchmark: how soon after its event a web push reaches the push service, on PGlite and
 * PostgreSQL; backend, push sender and push service on this machine.
 *
 * The event is an in-app notification being written (what every product event does: the
 * message, proposal, appointment and match triggers insert into public.notifications). The push
 * service is the tests' local stand-in (backend/test/support/push-service.ts): it checks the
 * VAPID signature and decrypts the RFC 8291 message with the browser's keys before noting the
 * arrival, so the figure covers queueing, claiming, encrypting, posting and decrypting.
 *
 * 1. One at a time: 40 notifications to one subscribed user, one every 250 ms.
 * 2. A burst: one notification to each of 100 subscribed users, written in one statement (a
 *    match notification fanned out), each user's browser its own push service.
 * Time from the insert call to the message arriving, p50/p95/max. Budget: 5 s, p95.
 *
 * Run from the repo root (holding the machine-wide lock):
 *   flock /tmp/e2e.lock node_modules/.bin/tsx bench/push-latency.ts
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startPushService, type PushService } from '../backend/test/support/push-service.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../backend/test/support/test-server.ts';
import { onEachDatabase, withSeededBackend } from './lib/seeded-backend.ts';

const SEQUENTIAL = 40;
const GAP_MS = 250;
const BURST = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  // ws stands in for the browser's WebSocket on Node 20 (supabase-js builds its realtime client)
  realtime: { transport: WebSocket as never },
};

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return `p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (n=${sorted.length})`;
}

/**
 * A user whose browser (a local push service) subscribed: the first through save_push_subscription
 * as the user (what the settings page calls), the burst's users written by the service role, so
 * a hundred sign-ins do not trip the sign-in rate limit.
 */
async function subscribedUser(url: string, asUser: boolean) {
  const service = createClient(url, SERVICE_ROLE_KEY, options);
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Pw-${randomUUID()}`;
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { name: 'Bench Pro', account_type: 'professional' },
  });
  if (created.error) throw created.error;
  const id = created.data.user.id;
  const push = await startPushService();
  const row = {
    endpoint: push.subscription.endpoint,
    p256dh: push.subscription.keys.p256dh,
    auth: push.subscription.keys.auth,
    label: 'Bench browser',
  };
  if (asUser) {
    const client = createClient(url, ANON_KEY, options);
    const signIn = await client.auth.signInWithPassword({ email, password });
    if (signIn.error) throw signIn.error;
    const saved = await client.rpc('save_push_subscription', {
      p_endpoint: row.endpoint,
      p_p256dh: row.p256dh,
      p_auth: row.auth,
      p_label: row.label,
    });
    if (saved.error) throw saved.error;
  } else {
    const saved = await service.from('push_subscriptions').insert({ user_id: id, ...row });
    if (saved.error) throw saved.error;
  }
  return { id, push };
}

async function run(kind: 'pglite' | 'postgres') {
  await withSeededBackend(kind, 10, async (server) => {
    const service = createClient(server.url, SERVICE_ROLE_KEY, options);
    const services: PushService[] = [];
    try {
      const one = await subscribedUser(server.url, true);
      services.push(one.push);
      const sequential: number[] = [];
      for (let i = 0; i < SEQUENTIAL; i += 1) {
        const started = Date.now();
        const { error } = await service.from('notifications').insert({
          user_id: one.id,
          kind: 'project_match',
          title: `Bench ${i}`,
          body: 'A new project matches your profile.',
          link: '/projects',
        });
        if (error) throw error;
        const [message] = (await one.push.waitFor(i + 1, 10_000)).slice(i);
        sequential.push(message!.at - started);
        await sleep(GAP_MS);
      }
      console.log(
        `${kind}: push at the push service after the event, one at a time: ${stats(sequential)}`,
      );

      const users = [];
      for (let i = 0; i < BURST; i += 1) users.push(await subscribedUser(server.url, false));
      services.push(...users.map((user) => user.push));
      const started = Date.now();
      const { error } = await service.from('notifications').insert(
        users.map((user, i) => ({
          user_id: user.id,
          kind: 'project_match',
          title: `Burst ${i}`,
          body: 'A new project matches your profile.',
          link: '/projects',
        })),
      );
      if (error) throw error;
      const burst = await Promise.all(
        users.map(async (user) => (await user.push.waitFor(1, 30_000))[0]!.at - started),
      );
      console.log(`${kind}: push after the event, ${BURST} users at once: ${stats(burst)}`);
    } finally {
      await Promise.all(services.map((push) => push.close()));
    }
  });
}

process.env.PUSH_SERVICE_HOSTS = '127.0.0.1';
process.env.PUSH_ALLOW_PRIVATE_NETWORKS = 'true';
await onEachDatabase(run);
