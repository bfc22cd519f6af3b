/**
 * Benchmark: live delivery across the two-instance cluster (HAProxy in front of two backends on
 * one PostgreSQL database, `npm run start:cluster`'s shape through backend/launcher), with one
 * instance killed in the middle.
 *
 * 1. Delivery. BENCH_CLIENTS (default 1,000) users, each a participant of its own conversation,
 *    connect through the proxy (realtime-js, the socket supabase-js opens) and join two channels
 *    as a signed-in browser does: the conversation's private channel with postgres_changes on
 *    `messages` filtered to it (row-level security decides, as in the messaging remote's
 *    use-thread-channel.ts) and one public channel every client shares (broadcast). Every
 *    conversation then gets one message a second (the two participants take turns, as the
 *    per-sender limit of 60 a minute allows), written straight to PostgreSQL in small batches,
 *    and the shared channel gets BENCH_BROADCAST_RATE broadcasts a second through
 *    /realtime/v1/api. Per client: latency (insert sent -> change received), lost, doubled.
 * 2. Failover. At BENCH_KILL_AT seconds one instance gets SIGKILL. Its clients reconnect through
 *    the proxy to the other; we time until every one of them is subscribed again, and each then
 *    re-reads its conversation's newest page (the query fetchThreadPage makes) as the thread page
 *    does after a rejoin. A message counts as lost if neither the live change nor that re-read
 *    brought it; as doubled if the live change came twice. Broadcasts are not stored: those sent
 *    while a client was away are not counted as lost (hosted Supabase behaves the same).
 * 3. Presence. BENCH_PRESENCE (default 2,000) clients connect and join one channel, then all
 *    track; we time until every client sees all of them. Then one instance gets SIGKILL; we time
 *    until every client has seen the killed instance's entries leave and sees every user exactly
 *    once (its clients reconnect and track again; its entries go when its heartbeats stop).
 *
 * Every client runs in this one process on the same two cores as both instances, HAProxy and
 * PostgreSQL, so latencies include this process's event-loop delay (printed alongside).
 *   nice -n 10 node_modules/.bin/tsx bench/realtime-cluster.ts
 * Needs PostgreSQL on 127.0.0.1:5432 and haproxy.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { RealtimeClient } from '@supabase/realtime-js';
import pg from 'pg';
import WebSocket from 'ws';
import { launchCluster, type RunningCluster } from '../backend/launcher/launch-cluster.cjs';
import { ANON_KEY, mintUserToken, SERVICE_ROLE_KEY } from '../backend/test/support/test-server.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
/** Messages a second over all conversations; default one per conversation. */
const RATE = Number(process.env.BENCH_MESSAGE_RATE ?? CLIENTS);
const BROADCAST_RATE = Number(process.env.BENCH_BROADCAST_RATE ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 40);
/** When the second instance is killed; 0: never. */
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? SECONDS / 2);
const PRESENCE = Number(process.env.BENCH_PRESENCE ?? 2000);
/**
 * How many of them listen to presence (default all). Every listener applies every other user's
 * join, 4 million for 2,000 in this one process; fewer listeners leave the server's work whole
 * (every user still tracks) and take the bench process's share out.
 */
const OBSERVERS = Number(process.env.BENCH_PRESENCE_OBSERVERS ?? PRESENCE);
const TICK_MS = 50;
const JOIN_CONCURRENCY = 40;
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const SHARED_TOPIC = 'bench-lobby';
const PRESENCE_TOPIC = 'bench-presence';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(0));
  return `p50 ${f(percentile(sorted, 50))} ms, p95 ${f(percentile(sorted, 95))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? NaN)} ms (n=${sorted.length})`;
}

/** How late a 20 ms timer fires in this process, until the returned function is called. */
function watchLoopDelay() {
  const lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - last - 20));
    last = now;
  }, 20);
  return () => {
    clearInterval(timer);
    return lags;
  };
}

/** Runs `work` for 0..count-1, at most `limit` at a time. */
async function pool(count: number, limit: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        await work(i);
      }
    }),
  );
}

function socketFor(url: string, token: string) {
  const socket = new RealtimeClient(`${url.replace(/^http/, 'ws')}/realtime/v1`, {
    params: { apikey: ANON_KEY },
    transport: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  void socket.setAuth(token);
  return socket;
}

interface Conversation {
  id: string;
  /** participant_1 (the subscriber) and participant_2. */
  users: [string, string];
}

/** 2 x CLIENTS users and CLIENTS conversations, in a few bulk statements. */
async function seed(db: pg.Client): Promise<Conversation[]> {
  const conversations: Conversation[] = Array.from({ length: CLIENTS }, () => ({
    id: randomUUID(),
    users: [randomUUID(), randomUUID()],
  }));
  const people = conversations.flatMap((c, i) =>
    c.users.map((id, side) => ({
      id,
      email: `rt-${i}-${side}-${id.slice(0, 6)}@example.com`,
      name: `Realtime ${side ? 'Business' : 'Professional'} ${i}`,
      account_type: side ? 'business' : 'professional',
    })),
  );
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', d.id, 'authenticated', 'authenticated', d.email,
       now(), '{"provider":"email","providers":["email"]}'::jsonb,
       jsonb_build_object('name', d.name, 'account_type', d.account_type), now(), now()
     from jsonb_to_recordset($1::jsonb) as d(id uuid, email text, name text, account_type text)`,
    [JSON.stringify(people)],
  );
  await db.query(
    `insert into public.conversations (id, participant_1, participant_2)
     select d.id, d.p1, d.p2 from jsonb_to_recordset($1::jsonb) as d(id uuid, p1 uuid, p2 uuid)`,
    [JSON.stringify(conversations.map((c) => ({ id: c.id, p1: c.users[0], p2: c.users[1] })))],
  );
  return conversations;
}

interface Subscriber {
  index: number;
  conversation: Conversation;
  socket: RealtimeClient;
  token: string;
  /** client_id -> how many times the live change arrived. */
  live: Map<string, number>;
  /** client_ids the re-read after a rejoin returned. */
  refetched: Set<string>;
  /** broadcast seq -> times received. */
  ticks: Map<number, number>;
  /** Per channel: subscribed now, and when it last went down / came back. */
  up: { conversation: boolean; shared: boolean };
  joinedAt: number;
  downAt?: number;
  backAt?: number;
  rejoins: number;
}

const latencies: number[] = [];
const latenciesAfterKill: number[] = [];
const broadcastLatencies: number[] = [];
const sentAt = new Map<string, number>();
const broadcastSentAt = new Map<number, number>();
let killedAt: number | undefined;

let refetchFailures = 0;
async function refetch(url: string, sub: Subscriber) {
  // fetchThreadPage's query (mf-messaging/src/features/thread/api/get-messages.ts), as the user,
  // retried as React Query retries a failed query: three more times, 1, 2 and 4 s apart.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(
        `${url}/rest/v1/messages?select=id,client_id,created_at&conversation_id=eq.${sub.conversation.id}&order=created_at.desc&limit=51`,
        { headers: { apikey: ANON_KEY, authorization: `Bearer ${sub.token}` } },
      );
      if (!response.ok)
        throw new Error(
          `re-read answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
        );
      for (const row of (await response.json()) as { client_id: string }[])
        sub.refetched.add(row.client_id);
      return;
    } catch (error) {
      refetchFailures += 1;
      if (refetchFailures <= 3) console.error(`client ${sub.index}: ${String(error)}`);
      if (attempt === 3) return;
      await sleep(1000 * 2 ** attempt);
    }
  }
}

function subscribe(url: string, conversation: Conversation, index: number): Promise<Subscriber> {
  const token = mintUserToken(conversation.users[0]);
  const socket = socketFor(url, token);
  const sub: Subscriber = {
    index,
    conversation,
    socket,
    token,
    live: new Map(),
    refetched: new Set(),
    ticks: new Map(),
    up: { conversation: false, shared: false },
    joinedAt: 0,
    rejoins: 0,
  };
  const statusChange = (which: 'conversation' | 'shared', status: string) => {
    const wasUp = sub.up.conversation && sub.up.shared;
    sub.up[which] = status === 'SUBSCRIBED';
    const isUp = sub.up.conversation && sub.up.shared;
    if (wasUp && !isUp) sub.downAt ??= Date.now();
    if (!wasUp && isUp && sub.joinedAt > 0) {
      sub.backAt = Date.now();
      sub.rejoins += 1;
    }
    // A rejoin: the thread page fetches its newest page again (use-thread-channel.ts).
    if (which === 'conversation' && status === 'SUBSCRIBED' && sub.joinedAt > 0)
      void refetch(url, sub);
  };
  const inbound = socket
    .channel(`conversation:${conversation.id}`, { config: { private: true } })
    .on(
      'postgres_changes',
      {
        event: 'INSERT',
        schema: 'public',
        table: 'messages',
        filter: `conversation_id=eq.${conversation.id}`,
      },
      (change) => {
        const now = Date.now();
        const clientId = (change.new as { client_id: string }).client_id;
        const times = (sub.live.get(clientId) ?? 0) + 1;
        sub.live.set(clientId, times);
        const sent = sentAt.get(clientId);
        if (times === 1 && sent !== undefined)
          (killedAt !== undefined && sent >= killedAt ? latenciesAfterKill : latencies).push(
            now - sent,
          );
      },
    );
  const shared = socket.channel(SHARED_TOPIC).on('broadcast', { event: 'tick' }, ({ payload }) => {
    const seq = (payload as { seq: number }).seq;
    const times = (sub.ticks.get(seq) ?? 0) + 1;
    sub.ticks.set(seq, times);
    const sent = broadcastSentAt.get(seq);
    if (times === 1 && sent !== undefined) broadcastLatencies.push(Date.now() - sent);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`client ${index}: join timed out`)), 60_000);
    const check = () => {
      if (sub.up.conversation && sub.up.shared && sub.joinedAt === 0) {
        sub.joinedAt = Date.now();
        clearTimeout(timer);
        resolve(sub);
      }
    };
    inbound.subscribe((status) => {
      statusChange('conversation', status);
      check();
    });
    shared.subscribe((status) => {
      statusChange('shared', status);
      check();
    });
  });
}

/** Writes one message a second per conversation (RATE in all) in TICK_MS batches until `until`. */
async function writeMessages(db: pg.Client, conversations: Conversation[], until: number) {
  let written = 0;
  let failed = 0;
  const started = Date.now();
  let next = 0;
  const round = new Map<string, number>();
  while (Date.now() < until) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    const rows: {
      conversation_id: string;
      sender_id: string;
      client_id: string;
      content: string;
    }[] = [];
    for (; written + rows.length < due;) {
      const conversation = conversations[next % conversations.length] as Conversation;
      next += 1;
      const turn = round.get(conversation.id) ?? 0;
      round.set(conversation.id, turn + 1);
      rows.push({
        conversation_id: conversation.id,
        sender_id: conversation.users[turn % 2] as string,
        client_id: randomUUID(),
        content: `bench message ${turn}`,
      });
    }
    if (rows.length > 0) {
      const now = Date.now();
      for (const row of rows) sentAt.set(row.client_id, now);
      try {
        await db.query(
          `insert into public.messages (conversation_id, sender_id, client_id, content)
           select d.conversation_id, d.sender_id, d.client_id, d.content
           from jsonb_to_recordset($1::jsonb) as d(conversation_id uuid, sender_id uuid, client_id uuid, content text)`,
          [JSON.stringify(rows)],
        );
      } catch (error) {
        failed += rows.length;
        for (const row of rows) sentAt.delete(row.client_id);
        console.error('insert failed:', (error as Error).message);
      }
      written += rows.length;
    }
    await sleep(TICK_MS);
  }
  return { written: written - failed, failed, seconds: (Date.now() - started) / 1000 };
}

async function sendBroadcasts(url: string, until: number) {
  let seq = 0;
  while (Date.now() < until) {
    seq += 1;
    const body = JSON.stringify({
      messages: [{ topic: SHARED_TOPIC, event: 'tick', payload: { seq } }],
    });
    broadcastSentAt.set(seq, Date.now());
    try {
      const response = await fetch(`${url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: {
          apikey: SERVICE_ROLE_KEY,
          authorization: `Bearer ${SERVICE_ROLE_KEY}`,
          'content-type': 'application/json',
        },
        body,
      });
      await response.text();
      if (!response.ok) throw new Error(`broadcast answered ${response.status}`);
    } catch {
      // the request went to the instance being killed: this broadcast never went out
      broadcastSentAt.delete(seq);
    }
    await sleep(1000 / BROADCAST_RATE);
  }
}

async function delivery(cluster: RunningCluster, db: pg.Client) {
  const url = cluster.url;
  let started = performance.now();
  const conversations = await seed(db);
  console.log(
    `seeded ${CLIENTS * 2} users and ${CLIENTS} conversations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  const subscribers: Subscriber[] = new Array(CLIENTS);
  await pool(CLIENTS, JOIN_CONCURRENCY, async (i) => {
    subscribers[i] = await subscribe(url, conversations[i] as Conversation, i);
  });
  console.log(
    `${CLIENTS} clients joined both channels in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load()}`,
  );
  await sleep(2000);

  const loopDelay = watchLoopDelay();
  const begin = Date.now();
  const until = begin + SECONDS * 1000;
  const killer = (async () => {
    if (!KILL_AT) return;
    await sleep(KILL_AT * 1000);
    const victim = cluster.instances[1];
    if (!victim) return;
    killedAt = Date.now();
    victim.child.kill('SIGKILL');
    console.log(`t=${KILL_AT}s: SIGKILL to instance 2 (pid ${victim.pid}); load ${load()}`);
  })();
  const [written] = await Promise.all([
    writeMessages(db, conversations, until),
    sendBroadcasts(url, until),
    killer,
  ]);
  // Let the last changes and the re-reads arrive.
  const drainUntil = Date.now() + 15_000;
  const received = (sub: Subscriber, id: string) => sub.live.has(id) || sub.refetched.has(id);
  // Per conversation: what was stored, and then what reached its subscriber.
  const stored = new Map<string, string[]>();
  const rows = await db.query<{ client_id: string; conversation_id: string }>(
    'select client_id, conversation_id from public.messages',
  );
  for (const row of rows.rows) {
    const list = stored.get(row.conversation_id) ?? [];
    list.push(row.client_id);
    stored.set(row.conversation_id, list);
  }
  const missing = () =>
    subscribers.reduce(
      (sum, sub) =>
        sum + (stored.get(sub.conversation.id) ?? []).filter((id) => !received(sub, id)).length,
      0,
    );
  while (Date.now() < drainUntil && missing() > 0) await sleep(500);
  const loopLag = loopDelay();

  let lost = 0;
  let doubled = 0;
  let recovered = 0;
  let lostBroadcasts = 0;
  let doubledBroadcasts = 0;
  let broadcastsAway = 0;
  const reconnects: number[] = [];
  for (const sub of subscribers) {
    for (const id of stored.get(sub.conversation.id) ?? []) {
      if (!sub.live.has(id) && sub.refetched.has(id)) recovered += 1;
      if (!received(sub, id)) lost += 1;
    }
    for (const times of sub.live.values()) if (times > 1) doubled += times - 1;
    for (const times of sub.ticks.values()) if (times > 1) doubledBroadcasts += times - 1;
    for (const [seq, sent] of broadcastSentAt) {
      if (sub.ticks.has(seq)) continue;
      // Broadcasts are not stored: one sent while this client was away is gone by design.
      const away =
        sub.downAt !== undefined &&
        sent >= sub.downAt - 1000 &&
        sent <= (sub.backAt ?? Infinity) + 1000;
      if (away) broadcastsAway += 1;
      else lostBroadcasts += 1;
    }
    if (sub.downAt !== undefined && sub.backAt !== undefined && killedAt !== undefined)
      reconnects.push(sub.backAt - killedAt);
  }
  const dropped = subscribers.filter((sub) => sub.downAt !== undefined);
  const neverBack = dropped.filter((sub) => sub.backAt === undefined || !sub.up.conversation);
  console.log(
    `messages: ${written.written} stored in ${written.seconds.toFixed(1)} s (${Math.round(written.written / written.seconds)}/s, ${written.failed} refused), ${rows.rowCount} rows in the table`,
  );
  console.log(`  live delivery before the kill: ${summary(latencies)}`);
  console.log(`  live delivery after the kill:  ${summary(latenciesAfterKill)}`);
  console.log(
    `  lost ${lost}, doubled ${doubled}; ${recovered} came back through the re-read after a rejoin (${refetchFailures} re-read attempts failed and were retried)`,
  );
  console.log(
    `broadcast: ${broadcastSentAt.size} sent to ${CLIENTS} clients: ${summary(broadcastLatencies)}; lost ${lostBroadcasts}, doubled ${doubledBroadcasts}, ${broadcastsAway} missed while a client was away (not stored, by design)`,
  );
  if (killedAt !== undefined)
    console.log(
      `failover: ${dropped.length} clients dropped, ${dropped.length - neverBack.length} subscribed again; kill -> back: ${summary(reconnects)}`,
    );
  console.log(`bench process event-loop delay: ${summary(loopLag)}; load ${load()}`);
  for (const sub of subscribers) sub.socket.disconnect();
  await sleep(1000);
}

async function presence(cluster: RunningCluster) {
  const url = cluster.url;
  // Who each client sees, kept from the join and leave events (presenceState() copies the
  // whole state on every call, too costly to poll 2,000 times).
  const clients: {
    socket: RealtimeClient;
    seen: Set<string>;
    /** The metas (presence_ref) held per key: more than one is a ghost of a killed instance. */
    metas: Map<string, Set<string>>;
    complete?: number;
    dropped?: boolean;
    retracked?: boolean;
    /** Presence leaves this client has seen. */
    leaves: number;
    track: () => Promise<string>;
  }[] = [];
  let tracking = false;
  let completed = 0;
  const started = Date.now();
  await pool(PRESENCE, JOIN_CONCURRENCY, async (i) => {
    const key = randomUUID();
    const socket = socketFor(url, mintUserToken(key));
    const client: (typeof clients)[number] = {
      socket,
      seen: new Set(),
      metas: new Map(),
      leaves: 0,
      track: () => channel.track({ n: i }),
    };
    clients[i] = client;
    const note = () => {
      if (client.complete === undefined && client.seen.size === PRESENCE) {
        client.complete = Date.now();
        completed += 1;
      }
    };
    const channel = socket.channel(PRESENCE_TOPIC, { config: { presence: { key } } });
    if (i < OBSERVERS)
      channel
        .on('presence', { event: 'join' }, ({ key: joined, newPresences }) => {
          client.seen.add(joined);
          const refs = client.metas.get(joined) ?? new Set<string>();
          for (const meta of newPresences) refs.add(meta.presence_ref);
          client.metas.set(joined, refs);
          note();
        })
        .on('presence', { event: 'leave' }, ({ key: left, currentPresences, leftPresences }) => {
          client.leaves += 1;
          for (const meta of leftPresences) client.metas.get(left)?.delete(meta.presence_ref);
          if (currentPresences.length === 0) client.seen.delete(left);
        });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`presence client ${i} timed out`)), 120_000);
      channel.subscribe(async (status) => {
        if (status !== 'SUBSCRIBED') {
          client.dropped = true;
          return;
        }
        clearTimeout(timer);
        resolve();
        // A rejoin tracks again, as a page showing who is online does.
        if (tracking && client.dropped && (await client.track()) === 'ok') client.retracked = true;
      });
    });
  });
  console.log(
    `presence: ${PRESENCE} clients connected and joined in ${((Date.now() - started) / 1000).toFixed(1)} s; load ${load()}`,
  );
  // All connected: every user goes present (200 tracks in flight at a time).
  tracking = true;
  const trackStarted = Date.now();
  await pool(PRESENCE, 200, async (i) => {
    const answer = await (clients[i] as (typeof clients)[number]).track();
    if (answer !== 'ok') throw new Error(`track answered ${answer}`);
  });
  const lastTracked = Date.now();
  console.log(
    `presence: ${PRESENCE} tracks answered in ${((lastTracked - trackStarted) / 1000).toFixed(1)} s; load ${load()}`,
  );
  const deadline = Date.now() + 300_000;
  const observers = clients.slice(0, OBSERVERS);
  while (completed < observers.length && Date.now() < deadline) await sleep(100);
  const converged = Math.max(...observers.map((c) => c.complete ?? Date.now()));
  const least = Math.min(...observers.map((c) => c.seen.size));
  console.log(
    completed === observers.length
      ? `presence: ${observers.length === PRESENCE ? 'every client' : `each of ${observers.length} listening clients`} sees all ${PRESENCE}: ${((converged - trackStarted) / 1000).toFixed(1)} s after the first track, ${((converged - lastTracked) / 1000).toFixed(1)} s after the last; load ${load()}`
      : `presence: NOT converged in 300 s; the emptiest client sees ${least} of ${PRESENCE}`,
  );
  if (completed !== observers.length || !cluster.instances[1]) {
    for (const client of clients) client.socket.disconnect();
    return;
  }

  // One instance killed: its clients reconnect to the other and track again; the others see
  // the killed instance's entries leave once its heartbeats stop (15 s, decision 0117). Converged
  // when every client sees every user once again.
  await sleep(2000);
  const killed = Date.now();
  cluster.instances[1].child.kill('SIGKILL');
  // Converged: every client has seen the killed instance's entries leave (or rejoined after
  // they were gone), and sees every user once.
  const leavesAtKill = clients.map((c) => c.leaves);
  const clean = (c: (typeof clients)[number], i: number) =>
    (!c.dropped || c.retracked) &&
    c.leaves > (leavesAtKill[i] ?? 0) &&
    c.seen.size === PRESENCE &&
    [...c.metas.values()].every((refs) => refs.size === 1);
  while (!observers.every(clean) && Date.now() < killed + 120_000) await sleep(250);
  const ghosts = observers.filter((c, i) => !clean(c, i)).length;
  const dropped = clients.filter((c) => c.dropped).length;
  console.log(
    ghosts === 0
      ? `presence after SIGKILL to instance 2: ${dropped} clients reconnected and tracked again; every listening client sees all ${PRESENCE} once each ${((Date.now() - killed) / 1000).toFixed(1)} s after the kill; load ${load()}`
      : `presence after SIGKILL to instance 2: ${ghosts} clients still wrong 120 s after the kill`,
  );
  const wrong = observers.find((c, i) => !clean(c, i));
  if (wrong) {
    const sizes = [...wrong.metas.values()].map((refs) => refs.size);
    console.log(
      `  e.g. a client that ${wrong.dropped ? (wrong.retracked ? 'reconnected and tracked again' : 'dropped and has not tracked again') : 'stayed'}: sees ${wrong.seen.size} users, ${sizes.filter((n) => n > 1).length} with more than one entry, ${sizes.filter((n) => n === 0).length} with none`,
    );
  }
  for (const client of clients) client.socket.disconnect();
}

async function main() {
  const name = `pm_bench_rtcluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load ${load()}; ${new Date().toISOString()}`,
  );
  const cluster = await launchCluster({
    databaseUrl,
    env: { ...process.env, SEED_DEMO_PROFESSIONALS: '0' },
    forward: 'stderr',
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    if (CLIENTS > 0) await delivery(cluster, db);
    if (PRESENCE > 0) {
      // The presence part needs both instances: start again with a fresh pair.
      await cluster.stop();
      const fresh = await launchCluster({
        databaseUrl,
        env: { ...process.env, SEED_DEMO_PROFESSIONALS: '0' },
        forward: 'stderr',
      });
      try {
        await presence(fresh);
      } finally {
        await fresh.stop();
      }
    }
  } finally {
    await db.end();
    await cluster.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
