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
 *    once (its clients reconnect and track again; its entries go when the survivor sees its
 *    bus connection closed, backend/src/realtime/cluster.ts).
 *
 * The clients run in BENCH_WORKERS child processes (bench/realtime-cluster-clients.ts; default
 * 2), on the same two cores as both instances, HAProxy and PostgreSQL. Each prints its event-loop
 * delay; with every client in one process (BENCH_WORKERS=1) that process's own queue was part of
 * every latency. The CPU each part used (clients, writer, instances, PostgreSQL) is printed too.
 * Each latency is split at the moment this process sees the change's NOTIFY: before it is the
 * insert and commit in PostgreSQL, after it the instances, HAProxy and the client.
 *   nice -n 10 node_modules/.bin/tsx bench/realtime-cluster.ts
 * Needs PostgreSQL on 127.0.0.1:5432 and haproxy.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { launchCluster, type RunningCluster } from '../backend/launcher/launch-cluster.cjs';
import { SERVICE_ROLE_KEY } from '../backend/test/support/test-server.ts';
import { cpuSnapshot, type CpuSnapshot } from './lib/proc-cpu.ts';
import {
  SHARED_TOPIC,
  watchLoopDelay,
  type Conversation,
  type FromClients,
  type SubscriberReport,
  type ToClients,
} from './realtime-cluster-clients.ts';

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
 * join, 4 million for 2,000; fewer listeners leave the server's work whole (every user still
 * tracks) and take the clients' share out.
 */
const OBSERVERS = Number(process.env.BENCH_PRESENCE_OBSERVERS ?? PRESENCE);
/** Child processes holding the clients (bench/realtime-cluster-clients.ts). */
const WORKERS = Math.max(1, Number(process.env.BENCH_WORKERS ?? 2));
const TICK_MS = 50;
const JOIN_CONCURRENCY = 40;
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

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

/** The client processes: each gets a share of the clients and answers over IPC. */
class Workers {
  readonly children: ChildProcess[];
  private readonly waiting = new Map<ChildProcess, ((message: FromClients) => boolean)[]>();
  readonly latest = new Map<ChildProcess, FromClients & { type: 'presence-status' }>();

  constructor(count: number) {
    const script = fileURLToPath(new URL('./realtime-cluster-clients.ts', import.meta.url));
    this.children = Array.from({ length: count }, () =>
      fork(script, [], { execArgv: process.execArgv, stdio: 'inherit' }),
    );
    for (const child of this.children) {
      this.waiting.set(child, []);
      child.on('message', (message: FromClients) => {
        if (message.type === 'error') console.error(`client process: ${message.message}`);
        if (message.type === 'presence-status') this.latest.set(child, message);
        const list = this.waiting.get(child) ?? [];
        const at = list.findIndex((take) => take(message));
        if (at >= 0) list.splice(at, 1);
      });
    }
  }

  /** The next message of `type` from every child. */
  async all<T extends FromClients['type']>(type: T) {
    return Promise.all(
      this.children.map(
        (child) =>
          new Promise<Extract<FromClients, { type: T }>>((resolve) => {
            this.waiting.get(child)?.push((message) => {
              if (message.type !== type) return false;
              resolve(message as Extract<FromClients, { type: T }>);
              return true;
            });
          }),
      ),
    );
  }

  send(message: ToClients | ((i: number) => ToClients)) {
    this.children.forEach((child, i) =>
      child.send(typeof message === 'function' ? message(i) : message),
    );
  }

  pids() {
    return this.children.map((child) => child.pid ?? 0);
  }

  async stop() {
    this.send({ type: 'stop' });
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 5000).unref();
          }),
      ),
    );
  }
}

/** CPU seconds each part used between two snapshots, as cores (seconds per second). */
function cpuParts(
  before: { at: number; snapshots: Map<string, CpuSnapshot> },
  after: { at: number; snapshots: Map<string, CpuSnapshot> },
) {
  const seconds = (after.at - before.at) / 1000;
  const parts: string[] = [];
  for (const [name, snapshot] of after.snapshots) {
    const earlier = before.snapshots.get(name);
    let ms = 0;
    for (const [pid, used] of [...snapshot.server, ...snapshot.postgres])
      ms += used - (earlier?.server.get(pid) ?? earlier?.postgres.get(pid) ?? 0);
    parts.push(`${name} ${(ms / 1000 / seconds).toFixed(2)}`);
  }
  return `CPU in cores over ${seconds.toFixed(0)} s: ${parts.join(', ')}`;
}

/** pids: each with its descendants; self: this process alone (the instances are its children). */
function cpuNow(named: Record<string, { pids?: number[]; self?: boolean; database?: string }>) {
  const snapshots = new Map<string, CpuSnapshot>();
  for (const [name, { pids, self, database }] of Object.entries(named)) {
    const snapshot: CpuSnapshot = { self: 0, server: new Map(), postgres: new Map() };
    if (self) snapshot.server.set(process.pid, cpuSnapshot({}).self);
    for (const pid of pids ?? []) {
      const one = cpuSnapshot({ serverPid: pid });
      for (const [p, ms] of one.server) snapshot.server.set(p, ms);
    }
    if (database) snapshot.postgres = cpuSnapshot({ database }).postgres;
    snapshots.set(name, snapshot);
  }
  return { at: Date.now(), snapshots };
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

let killedAt: number | undefined;
/** How long each batch's INSERT took (request to answer, commit included). */
const insertTimes: number[] = [];

/**
 * Writes one message a second per conversation (RATE in all) in TICK_MS batches until `until`.
 * Each message's content ends with "@<send time>", from which its client takes the latency.
 */
async function writeMessages(db: pg.Client, conversations: Conversation[], until: number) {
  let written = 0;
  let failed = 0;
  const started = Date.now();
  let next = 0;
  const round = new Map<string, number>();
  while (Date.now() < until) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    const now = Date.now();
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
        content: `bench message ${turn} @${now}`,
      });
    }
    if (rows.length > 0) {
      try {
        await db.query(
          `insert into public.messages (conversation_id, sender_id, client_id, content)
           select d.conversation_id, d.sender_id, d.client_id, d.content
           from jsonb_to_recordset($1::jsonb) as d(conversation_id uuid, sender_id uuid, client_id uuid, content text)`,
          [JSON.stringify(rows)],
        );
        insertTimes.push(Date.now() - now);
      } catch (error) {
        failed += rows.length;
        console.error('insert failed:', (error as Error).message);
      }
      written += rows.length;
    }
    await sleep(TICK_MS);
  }
  return { written: written - failed, failed, seconds: (Date.now() - started) / 1000 };
}

/** Broadcast seq -> when it was sent (undefined: the request failed, it never went out). */
const broadcastSentAt = new Map<number, number>();
/** How long each broadcast's POST took to be answered, with when it was sent. */
const broadcastAnswers: { sent: number; ms: number }[] = [];

async function sendBroadcasts(url: string, until: number) {
  let seq = 0;
  while (Date.now() < until) {
    seq += 1;
    const sent = Date.now();
    const body = JSON.stringify({
      messages: [{ topic: SHARED_TOPIC, event: 'tick', payload: { seq, sent } }],
    });
    broadcastSentAt.set(seq, sent);
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
      broadcastAnswers.push({ sent, ms: Date.now() - sent });
      if (!response.ok) throw new Error(`broadcast answered ${response.status}`);
    } catch {
      // the request went to the instance being killed: this broadcast never went out
      broadcastSentAt.delete(seq);
    }
    await sleep(1000 / BROADCAST_RATE);
  }
}

const databaseUrlOf = (db: pg.Client) =>
  `postgres://${db.user}@${db.host}:${db.port}/${db.database}`;

async function delivery(cluster: RunningCluster, db: pg.Client) {
  const url = cluster.url;
  let started = performance.now();
  const conversations = await seed(db);
  console.log(
    `seeded ${CLIENTS * 2} users and ${CLIENTS} conversations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  const workers = new Workers(WORKERS);
  workers.send((w) => ({
    type: 'delivery',
    url,
    share: conversations
      .map((conversation, index) => ({ index, conversation }))
      .filter(({ index }) => index % WORKERS === w),
  }));
  await workers.all('joined');
  console.log(
    `${CLIENTS} clients in ${WORKERS} processes joined both channels in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load()}`,
  );
  await sleep(2000);

  // The same NOTIFY the instances listen to, seen here too: insert -> notice is PostgreSQL,
  // notice -> client is the instances, HAProxy and the client process.
  const noticeAt = new Map<string, number>();
  const listener = new pg.Client({ connectionString: databaseUrlOf(db) });
  await listener.connect();
  listener.on('notification', (message) => {
    const at = Date.now();
    const clientId = (JSON.parse(message.payload ?? '{}') as { record?: { client_id?: string } })
      .record?.client_id;
    if (clientId) noticeAt.set(clientId, at);
  });
  await listener.query('listen realtime_changes');
  const writerPid = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]
    ?.pid as number;
  const parts = () => ({
    clients: { pids: workers.pids() },
    'bench writer+listener': { self: true },
    'instance 1': { pids: [cluster.instances[0]?.pid ?? 0] },
    'instance 2': { pids: [cluster.instances[1]?.pid ?? 0] },
    haproxy: { pids: [cluster.proxy.pid ?? 0] },
    'postgres, every backend of the database': { database: db.database ?? '' },
    'of which the writer': { pids: [writerPid] },
  });
  const cpuBefore = cpuNow(parts());
  let cpuAtKill: ReturnType<typeof cpuNow> | undefined;

  workers.send({ type: 'measure' });
  const loopDelay = watchLoopDelay();
  const begin = Date.now();
  const until = begin + SECONDS * 1000;
  const killer = (async () => {
    if (!KILL_AT) return;
    await sleep(KILL_AT * 1000);
    const victim = cluster.instances[1];
    if (!victim) return;
    cpuAtKill = cpuNow(parts());
    killedAt = Date.now();
    victim.child.kill('SIGKILL');
    console.log(`t=${KILL_AT}s: SIGKILL to instance 2 (pid ${victim.pid}); load ${load()}`);
  })();
  const [written] = await Promise.all([
    writeMessages(db, conversations, until),
    sendBroadcasts(url, until),
    killer,
  ]);
  const cpuAtEnd = cpuNow(parts());
  // Per conversation: what was stored; then wait for it to reach its subscriber (live or re-read).
  const stored = new Map<string, string[]>();
  const rows = await db.query<{ client_id: string; conversation_id: string }>(
    'select client_id, conversation_id from public.messages',
  );
  for (const row of rows.rows) {
    const list = stored.get(row.conversation_id) ?? [];
    list.push(row.client_id);
    stored.set(row.conversation_id, list);
  }
  const collect = async () => {
    const reports = await Promise.all([workers.all('report'), workers.send({ type: 'report' })]);
    return reports[0];
  };
  let reports = await collect();
  const drainUntil = Date.now() + 15_000;
  const missing = (subs: SubscriberReport[]) => {
    let count = 0;
    for (const sub of subs) {
      const live = new Set(sub.live.map(([id]) => id));
      const refetched = new Set(sub.refetched);
      for (const id of stored.get(sub.conversationId) ?? [])
        if (!live.has(id) && !refetched.has(id)) count += 1;
    }
    return count;
  };
  while (Date.now() < drainUntil && missing(reports.flatMap((r) => r.subscribers)) > 0) {
    await sleep(1000);
    reports = await collect();
  }
  const loopLag = loopDelay();
  await listener.end();

  const subscribers = reports.flatMap((r) => r.subscribers);
  const latencies: number[] = [];
  const latenciesAfterKill: number[] = [];
  const insertToNotice: number[] = [];
  const noticeToClient: number[] = [];
  const insertToNoticeAfter: number[] = [];
  const noticeToClientAfter: number[] = [];
  // after the kill, by two-second window: whether the survivor is slow for a moment (the
  // reconnections) or for as long as it carries everything
  const afterKillByWindow = new Map<number, number[]>();
  for (const [clientId, sent, received] of reports.flatMap((r) => r.changes)) {
    const after = killedAt !== undefined && sent >= killedAt;
    (after ? latenciesAfterKill : latencies).push(received - sent);
    if (after) {
      const window = Math.floor((sent - (killedAt as number)) / 2000);
      let values = afterKillByWindow.get(window);
      if (!values) afterKillByWindow.set(window, (values = []));
      values.push(received - sent);
    }
    const noticed = noticeAt.get(clientId);
    if (noticed !== undefined) {
      (after ? insertToNoticeAfter : insertToNotice).push(noticed - sent);
      (after ? noticeToClientAfter : noticeToClient).push(received - noticed);
    }
  }
  const broadcastLatencies = reports.flatMap((r) => r.broadcasts).map(([s, r]) => r - s);
  // each broadcast's own deliveries: a late one whose first delivery was late too was held up
  // before the instance sent it; one whose first delivery was prompt, by the clients
  const bySend = new Map<number, number[]>();
  for (const [sent, received] of reports.flatMap((r) => r.broadcasts)) {
    let list = bySend.get(sent);
    if (!list) bySend.set(sent, (list = []));
    list.push(received - sent);
  }
  // the broadcast with the highest median delivery, its deliveries in order
  let latest: [number, number[]] | undefined;
  for (const [sent, values] of bySend) {
    const sorted = [...values].sort((a, b) => a - b);
    if (!latest || percentile(sorted, 50) > percentile(latest[1], 50)) latest = [sent, sorted];
  }
  let lost = 0;
  let doubled = 0;
  let recovered = 0;
  let lostBroadcasts = 0;
  let doubledBroadcasts = 0;
  let broadcastsAway = 0;
  const reconnects: number[] = [];
  for (const sub of subscribers) {
    const live = new Map(sub.live);
    const refetched = new Set(sub.refetched);
    const ticks = new Map(sub.ticks);
    for (const id of stored.get(sub.conversationId) ?? []) {
      if (!live.has(id) && refetched.has(id)) recovered += 1;
      if (!live.has(id) && !refetched.has(id)) lost += 1;
    }
    for (const times of live.values()) if (times > 1) doubled += times - 1;
    for (const times of ticks.values()) if (times > 1) doubledBroadcasts += times - 1;
    for (const [seq, sent] of broadcastSentAt) {
      if (ticks.has(seq)) continue;
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
  const neverBack = dropped.filter((sub) => sub.backAt === undefined || !sub.upConversation);
  const refetchFailures = reports.reduce((sum, r) => sum + r.refetchFailures, 0);
  console.log(
    `messages: ${written.written} stored in ${written.seconds.toFixed(1)} s (${Math.round(written.written / written.seconds)}/s, ${written.failed} refused), ${rows.rowCount} rows in the table`,
  );
  if (killedAt !== undefined)
    console.log(
      `  live delivery, the whole run:  ${summary([...latencies, ...latenciesAfterKill])}`,
    );
  console.log(`  live delivery before the kill: ${summary(latencies)}`);
  console.log(`    of which insert -> NOTIFY seen here: ${summary(insertToNotice)}`);
  console.log(`    of which NOTIFY seen here -> client: ${summary(noticeToClient)}`);
  console.log(`    each batch's INSERT (about ${TICK_MS} ms of messages): ${summary(insertTimes)}`);
  console.log(`  live delivery after the kill:  ${summary(latenciesAfterKill)}`);
  console.log(`    of which insert -> NOTIFY seen here: ${summary(insertToNoticeAfter)}`);
  console.log(`    of which NOTIFY seen here -> client: ${summary(noticeToClientAfter)}`);
  for (const [window, values] of [...afterKillByWindow].sort(([a], [b]) => a - b))
    console.log(`    ${window * 2}-${window * 2 + 2} s after the kill: ${summary(values)}`);
  console.log(
    `  lost ${lost}, doubled ${doubled}; ${recovered} came back through the re-read after a rejoin (${refetchFailures} re-read attempts failed and were retried)`,
  );
  console.log(
    `broadcast: ${broadcastSentAt.size} sent to ${CLIENTS} clients: ${summary(broadcastLatencies)}; lost ${lostBroadcasts}, doubled ${doubledBroadcasts}, ${broadcastsAway} missed while a client was away (not stored, by design)`,
  );
  if (latest) {
    const [sent, sorted] = latest;
    console.log(
      `  the latest broadcast, sent ${((sent - (killedAt ?? 0)) / 1000).toFixed(1)} s after the kill: first delivery ${sorted[0]} ms, median ${percentile(sorted, 50)} ms, last ${sorted.at(-1)} ms`,
    );
  }
  const slowestAnswer = broadcastAnswers.reduce((a, b) => (b.ms > a.ms ? b : a), {
    sent: 0,
    ms: 0,
  });
  console.log(
    `  the broadcast API through the proxy answered in ${summary(broadcastAnswers.map((a) => a.ms))}; slowest sent ${((slowestAnswer.sent - (killedAt ?? 0)) / 1000).toFixed(1)} s after the kill`,
  );
  if (killedAt !== undefined)
    console.log(
      `failover: ${dropped.length} clients dropped, ${dropped.length - neverBack.length} subscribed again; kill -> back: ${summary(reconnects)}`,
    );
  reports.forEach((report, i) =>
    console.log(`client process ${i + 1} event-loop delay: ${summary(report.loopDelay)}`),
  );
  console.log(`bench (writer) process event-loop delay: ${summary(loopLag)}; load ${load()}`);
  console.log(`  both up: ${cpuParts(cpuBefore, cpuAtKill ?? cpuAtEnd)}`);
  if (cpuAtKill) console.log(`  after the kill: ${cpuParts(cpuAtKill, cpuAtEnd)}`);
  await workers.stop();
}

async function presence(cluster: RunningCluster) {
  const url = cluster.url;
  const started = Date.now();
  const workers = new Workers(WORKERS);
  const everyone = Array.from({ length: PRESENCE }, (_, index) => ({
    index,
    key: randomUUID(),
    observer: index < OBSERVERS,
  }));
  workers.send((w) => ({
    type: 'presence',
    url,
    share: everyone.filter(({ index }) => index % WORKERS === w),
    total: PRESENCE,
    concurrency: Math.max(1, Math.round(JOIN_CONCURRENCY / WORKERS)),
  }));
  await workers.all('connected');
  console.log(
    `presence: ${PRESENCE} clients in ${WORKERS} processes connected and joined in ${((Date.now() - started) / 1000).toFixed(1)} s; load ${load()}`,
  );
  const parts = () => ({
    clients: { pids: workers.pids() },
    'instance 1': { pids: [cluster.instances[0]?.pid ?? 0] },
    'instance 2': { pids: [cluster.instances[1]?.pid ?? 0] },
    haproxy: { pids: [cluster.proxy.pid ?? 0] },
    postgres: { database: DATABASE },
  });
  const cpuBefore = cpuNow(parts());
  // All connected: every user goes present.
  const trackStarted = Date.now();
  const tracked = await Promise.all([workers.all('tracked'), workers.send({ type: 'track' })]);
  const lastTracked = Date.now();
  const failed = tracked[0].flatMap((t) => t.failed);
  console.log(
    `presence: ${PRESENCE} tracks answered in ${((lastTracked - trackStarted) / 1000).toFixed(1)} s${failed.length > 0 ? `, ${failed.length} not ok (${[...new Set(failed)].join(', ')})` : ''}; load ${load()}`,
  );
  const statuses = () => [...workers.latest.values()];
  const allComplete = () =>
    workers.latest.size === WORKERS && statuses().every((s) => s.lastComplete !== undefined);
  const deadline = Date.now() + 300_000;
  while (!allComplete() && Date.now() < deadline) await sleep(250);
  const observers = OBSERVERS;
  if (allComplete()) {
    const converged = Math.max(...statuses().map((s) => s.lastComplete ?? 0));
    console.log(
      `presence: ${observers === PRESENCE ? 'every client' : `each of ${observers} listening clients`} sees all ${PRESENCE}: ${((converged - trackStarted) / 1000).toFixed(1)} s after the first track, ${((converged - lastTracked) / 1000).toFixed(1)} s after the last; load ${load()}`,
    );
    console.log(`  ${cpuParts(cpuBefore, cpuNow(parts()))}`);
  } else {
    const least = Math.min(...statuses().map((s) => s.least));
    console.log(
      `presence: NOT converged in 300 s; the emptiest client sees ${least} of ${PRESENCE}`,
    );
  }
  if (allComplete() && cluster.instances[1]) {
    // One instance killed: its clients reconnect to the other and track again; the others see
    // the killed instance's entries leave once its bus connection is seen closed (1-2 s,
    // decision 0239), or else once its heartbeats stop (15 s, decision 0117).
    await sleep(2000);
    workers.send({ type: 'killed' });
    await sleep(200);
    const killed = Date.now();
    cluster.instances[1].child.kill('SIGKILL');
    const allClean = () => statuses().every((s) => s.clean === s.observers);
    await sleep(500);
    while (!allClean() && Date.now() < killed + 120_000) await sleep(250);
    const dropped = statuses().reduce((sum, s) => sum + s.dropped, 0);
    const wrong = statuses().reduce((sum, s) => sum + (s.observers - s.clean), 0);
    const notRetracked = statuses().reduce((sum, s) => sum + s.notRetracked, 0);
    const firstLeaves = statuses().map((s) => s.lastFirstLeave);
    if (firstLeaves.every((at) => at !== undefined))
      console.log(
        `  every listening client that stayed connected saw a first leave ${((Math.max(...firstLeaves) - killed) / 1000).toFixed(1)} s after the kill`,
      );
    if (notRetracked > 0) console.log(`  ${notRetracked} dropped clients never tracked again`);
    console.log(
      wrong === 0
        ? `presence after SIGKILL to instance 2: ${dropped} clients reconnected and tracked again; every listening client sees all ${PRESENCE} once each ${((Date.now() - killed) / 1000).toFixed(1)} s after the kill; load ${load()}`
        : `presence after SIGKILL to instance 2: ${wrong} clients still wrong 120 s after the kill`,
    );
    const example = statuses().find((s) => s.example)?.example;
    if (wrong > 0 && example) console.log(`  e.g. ${example}`);
  }
  const reports = await Promise.all([workers.all('report'), workers.send({ type: 'report' })]);
  reports[0].forEach((report, i) =>
    console.log(`client process ${i + 1} event-loop delay: ${summary(report.loopDelay)}`),
  );
  await workers.stop();
}

const DATABASE = `pm_bench_rtcluster_${randomBytes(4).toString('hex')}`;

async function main() {
  const name = DATABASE;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load ${load()}; ${new Date().toISOString()}; ${WORKERS} client processes`,
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
    // BENCH_KEEP=1 leaves the database for EXPLAIN and timing of the checks afterwards.
    if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
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
