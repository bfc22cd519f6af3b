/**
 * Benchmark: how soon after its event a webhook is delivered, and an automation rule's
 * auto-reply is stored, on PGlite and PostgreSQL; backend, sender and receiver on this machine.
 *
 * 1. Webhook: a business calls send_message (the rpc the app calls) to a professional who has a
 *    webhook for new messages; a local HTTP receiver notes when the signed POST arrives. Time
 *    from the call to the POST, p50/p95/max over 40 messages sent every 300 ms (under the
 *    60-a-minute message limit). Budget: 2 s.
 * 2. Auto-reply: time from send_message to the automated reply being readable by the sender.
 *
 * Run from the repo root (holding the machine-wide lock):
 *   flock /tmp/e2e.lock node_modules/.bin/tsx bench/webhook-latency.ts
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../backend/test/support/test-server.ts';
import { onEachDatabase, withSeededBackend } from './lib/seeded-backend.ts';

const MESSAGES = 40;
const GAP_MS = 300;
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

async function signedIn(url: string, name: string, type: string) {
  const service = createClient(url, SERVICE_ROLE_KEY, options);
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Pw-${randomUUID()}`;
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { name, account_type: type },
  });
  if (created.error) throw created.error;
  const client = createClient(url, ANON_KEY, options);
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { id: created.data.user.id, client };
}

async function sendTimed(client: SupabaseClient, to: string, content: string) {
  const started = performance.now();
  const { data, error } = await client
    .rpc('send_message', { p_client_id: randomUUID(), p_content: content, p_recipient_id: to })
    .single<{ conversation_id: string }>();
  if (error) throw error;
  return { started, conversation: data.conversation_id };
}

async function run(kind: 'pglite' | 'postgres') {
  await withSeededBackend(kind, 10, async (server) => {
    const arrived = new Map<string, number>();
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          data: { content: string };
        };
        arrived.set(body.data.content, performance.now());
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    try {
      const business = await signedIn(server.url, 'Bench Business', 'business');
      const professional = await signedIn(server.url, 'Bench Pro', 'professional');
      const other = await signedIn(server.url, 'Bench Other', 'business');
      const hook = await professional.client
        .from('webhook_endpoints')
        .insert({ url: `http://127.0.0.1:${port}/hook`, events: ['message.received'] });
      if (hook.error) throw hook.error;

      const webhook: number[] = [];
      for (let i = 0; i < MESSAGES; i += 1) {
        const content = `webhook ${i}`;
        const { started } = await sendTimed(business.client, professional.id, content);
        const deadline = Date.now() + 10_000;
        while (!arrived.has(content) && Date.now() < deadline) await sleep(5);
        if (!arrived.has(content)) throw new Error(`${content} never arrived`);
        webhook.push(arrived.get(content)! - started);
        await sleep(GAP_MS);
      }
      console.log(`${kind}: webhook delivered after the event: ${stats(webhook)}`);

      // auto-reply: the professional's rule answers a new message from another business
      const rule = await professional.client.from('automation_rules').insert({
        name: 'Away',
        event: 'message.received',
        action: 'auto_reply',
        action_text: 'Away until Monday',
      });
      if (rule.error) throw rule.error;
      const reply: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const { started, conversation } = await sendTimed(other.client, professional.id, `hi ${i}`);
        for (;;) {
          const { count } = await other.client
            .from('messages')
            .select('id', { count: 'exact', head: true })
            .eq('conversation_id', conversation)
            .eq('automated', true);
          if ((count ?? 0) > i) break;
          if (performance.now() - started > 10_000) throw new Error('no auto-reply');
          await sleep(5);
        }
        reply.push(performance.now() - started);
        await sleep(GAP_MS);
      }
      console.log(`${kind}: auto-reply readable after the message: ${stats(reply)}`);
    } finally {
      receiver.close();
    }
  });
}

process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true';
await onEachDatabase(run);
