/**
 * Benchmark: realtime fan-out on PGlite and PostgreSQL, with the server and every client on this
 * machine (loopback only).
 *
 * 1. One insert, fanned out under RLS to 200 subscribed clients, each signed in as a different
 *    user. We report the delivery latency per client (insert sent -> change received).
 * 2. Broadcast: 50 clients on one channel send 1,000 messages per second in total, and every
 *    client receives every message. We count losses.
 *
 * Run from the repo root:
 *   node_modules/.bin/tsx bench/realtime-fanout.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js';
import pg from 'pg';
import WebSocket from 'ws';
import {
  ANON_KEY,
  mintUserToken,
  postgresAvailable,
  SERVICE_ROLE_KEY,
} from '../backend/test/support/test-server.ts';
import { launchBackend } from '../backend/launcher/launch-backend.cjs';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 20);
const BROADCAST_CLIENTS = 50;
const BROADCAST_RATE = Number(process.env.BENCH_BROADCAST_RATE ?? 1000);
const BROADCAST_SECONDS = Number(process.env.BENCH_BROADCAST_SECONDS ?? 5);
const fixtures = path.resolve('backend/test/support/fixtures/realtime-migrations');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function client(url: string, token: string) {
  const socket = new RealtimeClient(`${url.replace(/^http/, 'ws')}/realtime/v1`, {
    params: { apikey: ANON_KEY },
    transport: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  void socket.setAuth(token);
  return socket;
}

function joined(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    }),
  );
}

async function fanOut(url: string) {
  const latencies: number[] = [];
  const sockets: RealtimeClient[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const socket = client(url, mintUserToken(randomUUID()));
    sockets.push(socket);
    const channel = socket
      .channel(`feed-${i}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_board' },
        (change) => {
          latencies.push(Date.now() - Number((change.new as { sent_at: number }).sent_at));
        },
      );
    await joined(channel);
  }
  const writer = client(url, SERVICE_ROLE_KEY);
  sockets.push(writer);
  for (let i = 0; i < INSERTS; i++) {
    const response = await fetch(`${url}/rest/v1/rt_board`, {
      method: 'POST',
      headers: {
        apikey: SERVICE_ROLE_KEY,
        authorization: `Bearer ${SERVICE_ROLE_KEY}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify({ sent_at: Date.now(), body: `insert ${i}` }),
    });
    if (!response.ok) throw new Error(`insert failed: ${response.status} ${await response.text()}`);
    await sleep(250);
  }
  await sleep(1000);
  for (const socket of sockets) socket.disconnect();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    delivered: latencies.length,
    expected: SUBSCRIBERS * INSERTS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}

async function broadcast(url: string) {
  const received = new Array<number>(BROADCAST_CLIENTS).fill(0);
  const channels: RealtimeChannel[] = [];
  const sockets: RealtimeClient[] = [];
  for (let i = 0; i < BROADCAST_CLIENTS; i++) {
    const socket = client(url, mintUserToken(randomUUID()));
    sockets.push(socket);
    const channel = socket
      .channel('bench-room', { config: { broadcast: { self: true } } })
      .on('broadcast', { event: 'tick' }, () => (received[i] = (received[i] ?? 0) + 1));
    await joined(channel);
    channels.push(channel);
  }
  const total = BROADCAST_RATE * BROADCAST_SECONDS;
  const started = performance.now();
  // Sent in 10 ms slices, spread over all 50 clients, at the target rate.
  for (let sent = 0; sent < total;) {
    const due = Math.min(
      total,
      Math.floor(((performance.now() - started) / 1000) * BROADCAST_RATE),
    );
    for (; sent < due; sent++) {
      void channels[sent % BROADCAST_CLIENTS]!.send({
        type: 'broadcast',
        event: 'tick',
        payload: { n: sent },
      });
    }
    await sleep(10);
  }
  const sendSeconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + 15_000;
  while (received.some((count) => count < total) && Date.now() < deadline) await sleep(50);
  const drained = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.disconnect();
  const lost = received.reduce((sum, count) => sum + (total - count), 0);
  return {
    sent: total,
    sendSeconds,
    drainedSeconds: drained,
    deliveries: received.reduce((a, b) => a + b, 0),
    lost,
  };
}

async function runOn(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-bench-rt-'));
  const dbName = `pm_bench_rt_${randomUUID().slice(0, 8)}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    EXTRA_MIGRATIONS_DIR: fixtures,
    SEED_DEMO_PROFESSIONALS: '0',
  };
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  if (kind === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  const server = await launchBackend({ env: { ...process.env, ...env }, forward: 'stderr' });
  try {
    const fan = await fanOut(server.url);
    console.log(
      `[${kind}] fan-out to ${SUBSCRIBERS}: delivered ${fan.delivered}/${fan.expected}, p50 ${fan.p50} ms, p99 ${fan.p99} ms, max ${fan.max} ms`,
    );
    const cast = await broadcast(server.url);
    console.log(
      `[${kind}] broadcast ${BROADCAST_RATE}/s x ${BROADCAST_SECONDS}s to ${BROADCAST_CLIENTS}: sent ${cast.sent} in ${cast.sendSeconds.toFixed(2)} s, ${cast.deliveries} deliveries, lost ${cast.lost}, all in by ${cast.drainedSeconds.toFixed(2)} s`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const only = process.env.BENCH_DB;
for (const kind of ['postgres', 'pglite'] as const) {
  if (only && only !== kind) continue;
  if (kind === 'postgres' && !postgresAvailable()) {
    console.log('[postgres] skipped: nothing answers on 127.0.0.1:5432');
    continue;
  }
  await runOn(kind);
}
process.exit(0);
