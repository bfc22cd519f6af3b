/**
 * Benchmark: a message from one user to another, on PGlite and PostgreSQL, server and both
 * clients on this machine (loopback).
 *
 * 1. Delivery: the sender calls send_message (the rpc the app calls) and the recipient, joined
 *    to the conversation's private channel as the thread page is, gets the INSERT. We report the
 *    time from the call to the recipient's event, p50/p95/max over 55 messages (under the
 *    per-user limit of 60 a minute), sent every 300 ms.
 *    Reference, same run and channel: a broadcast from sender to recipient (no database).
 * 2. Opening a long thread: the newest page (50) of a 5,000-message thread, the query the thread
 *    page makes, against the same query on a 50-message thread.
 *
 * Run from the repo root (holding the machine-wide lock):
 *   flock /tmp/e2e.lock node_modules/.bin/tsx bench/messaging-delivery.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import {
  ANON_KEY,
  postgresAvailable,
  SERVICE_ROLE_KEY,
} from '../backend/test/support/test-server.ts';
import { launchBackend } from '../backend/launcher/launch-backend.cjs';

const MESSAGES = 55;
const GAP_MS = 300;
const LONG_THREAD = 5000;
const OPENS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as never },
};

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return `p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (n=${sorted.length})`;
}

async function signedIn(url: string, service: SupabaseClient, name: string, type: string) {
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
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  await client.realtime.setAuth(data.session.access_token);
  return { id: created.data.user.id, client };
}

function joined(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
        reject(error ?? new Error(status));
    }),
  );
}

async function delivery(url: string, service: SupabaseClient) {
  const sender = await signedIn(url, service, 'Bench Business', 'business');
  const recipient = await signedIn(url, service, 'Bench Professional', 'professional');
  const first = await sender.client
    .rpc('send_message', {
      p_client_id: randomUUID(),
      p_recipient_id: recipient.id,
      p_content: 'hello',
    })
    .single<{ conversation_id: string }>();
  if (first.error) throw first.error;
  const conversation = first.data.conversation_id;
  const arrived = new Map<string, number>();
  const topic = `conversation:${conversation}`;
  const inbound = recipient.client
    .channel(topic, { config: { private: true } })
    .on(
      'postgres_changes',
      {
        event: 'INSERT',
        schema: 'public',
        table: 'messages',
        filter: `conversation_id=eq.${conversation}`,
      },
      (change) => arrived.set((change.new as { client_id: string }).client_id, performance.now()),
    )
    .on('broadcast', { event: 'ping' }, ({ payload }) =>
      arrived.set((payload as { id: string }).id, performance.now()),
    );
  await joined(inbound);
  const outbound = sender.client.channel(topic, { config: { private: true } });
  await joined(outbound);

  const sendTimes: number[] = [];
  const broadcastTimes: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const clientId = randomUUID();
    const started = performance.now();
    const sent = await sender.client.rpc('send_message', {
      p_client_id: clientId,
      p_conversation_id: conversation,
      p_content: `message ${i}`,
    });
    if (sent.error) throw sent.error;
    const deadline = Date.now() + 5000;
    while (!arrived.has(clientId) && Date.now() < deadline) await sleep(1);
    sendTimes.push(arrived.get(clientId)! - started);

    const pingId = randomUUID();
    const pinged = performance.now();
    await outbound.send({ type: 'broadcast', event: 'ping', payload: { id: pingId } });
    while (!arrived.has(pingId) && Date.now() < deadline + 5000) await sleep(1);
    broadcastTimes.push(arrived.get(pingId)! - pinged);
    await sleep(GAP_MS);
  }
  await sender.client.removeAllChannels();
  await recipient.client.removeAllChannels();
  return { sendTimes, broadcastTimes, sender, recipient };
}

async function threadOpen(
  url: string,
  service: SupabaseClient,
  recipient: { id: string; client: SupabaseClient },
) {
  const makeThread = async (count: number) => {
    const { data } = await service
      .from('conversations')
      .insert({
        participant_1: recipient.id,
        participant_2: (await signedIn(url, service, 'Bench Other', 'business')).id,
      })
      .select('id')
      .single();
    const id = (data as { id: string }).id;
    const { data: row } = await service
      .from('conversations')
      .select('participant_2')
      .eq('id', id)
      .single();
    const other = (row as { participant_2: string }).participant_2;
    const start = Date.now() - count * 1000;
    for (let done = 0; done < count; done += 500) {
      const batch = Array.from({ length: Math.min(500, count - done) }, (_, k) => ({
        conversation_id: id,
        sender_id: (done + k) % 2 ? recipient.id : other,
        content: `seeded message ${done + k} with a little text to read`,
        created_at: new Date(start + (done + k) * 1000).toISOString(),
      }));
      const { error } = await service.from('messages').insert(batch);
      if (error) throw error;
    }
    return id;
  };
  const long = await makeThread(LONG_THREAD);
  const short = await makeThread(50);
  const open = async (id: string) => {
    const times: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      const started = performance.now();
      const { data, error } = await recipient.client
        .from('messages')
        .select(
          'id, conversation_id, sender_id, content, client_id, read_at, created_at, updated_at, file_id, attachment, kind, call_seconds',
        )
        .eq('conversation_id', id)
        .order('created_at', { ascending: false })
        .limit(51);
      if (error || !data?.length) throw error ?? new Error('empty thread');
      times.push(performance.now() - started);
    }
    return times;
  };
  return { long: await open(long), short: await open(short) };
}

async function runOn(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-bench-msg-'));
  const dbName = `pm_bench_msg_${randomUUID().slice(0, 8)}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO_PROFESSIONALS: '0' };
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  if (kind === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  const server = await launchBackend({
    env: { ...process.env, ...env },
    forward: 'stderr',
    readyTimeoutMs: 180_000,
  });
  try {
    const service = createClient(server.url, SERVICE_ROLE_KEY, options);
    const result = await delivery(server.url, service);
    console.log(`[${kind}] send_message -> recipient's realtime event: ${stats(result.sendTimes)}`);
    console.log(
      `[${kind}] reference, broadcast on the same channel:  ${stats(result.broadcastTimes)}`,
    );
    const opened = await threadOpen(server.url, service, result.recipient);
    console.log(`[${kind}] newest page of a ${LONG_THREAD}-message thread: ${stats(opened.long)}`);
    console.log(`[${kind}] reference, the same on a 50-message thread:  ${stats(opened.short)}`);
    await result.sender.client.auth.signOut();
    await result.recipient.client.auth.signOut();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

await runOn('pglite');
if (postgresAvailable()) await runOn('postgres');
else console.log('[postgres] SKIPPED: nothing answers on 127.0.0.1:5432');
process.exit(0);
