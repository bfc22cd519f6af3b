/**
 * The simulated clients of bench/realtime-cluster.ts, in a child process of their own. The bench
 * forks BENCH_WORKERS of these and gives each a share of the clients, so the time a client takes
 * to decode and handle what it receives is spread over processes instead of queueing in one event
 * loop: the latency then measures the server, not a single loop holding 2,000 sockets. Timestamps
 * are Date.now() on one machine, comparable across the processes: the writer puts its send time
 * in each message and broadcast, and this process takes the difference on receipt.
 *
 * Not run on its own: the parent talks to it over the fork's IPC channel (ToClients/FromClients).
 */
import { RealtimeClient } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { ANON_KEY, mintUserToken } from '../backend/test/support/test-server.ts';

export interface Conversation {
  id: string;
  /** participant_1 (the subscriber) and participant_2. */
  users: [string, string];
}

export const SHARED_TOPIC = 'bench-lobby';
export const PRESENCE_TOPIC = 'bench-presence';

/** What one delivery client saw, sent to the parent when asked. */
export interface SubscriberReport {
  index: number;
  conversationId: string;
  /** client_id -> how many times the live change arrived. */
  live: [string, number][];
  /** client_ids the re-read after a rejoin returned. */
  refetched: string[];
  /** broadcast seq -> times received. */
  ticks: [number, number][];
  downAt?: number;
  backAt?: number;
  upConversation: boolean;
}

export type ToClients =
  | { type: 'delivery'; url: string; share: { index: number; conversation: Conversation }[] }
  | { type: 'measure' }
  | { type: 'report' }
  | {
      type: 'presence';
      url: string;
      share: { index: number; key: string; observer: boolean }[];
      total: number;
      concurrency: number;
    }
  | { type: 'track' }
  | { type: 'killed' }
  | { type: 'stop' };

export type FromClients =
  | { type: 'joined'; count: number }
  | {
      type: 'report';
      subscribers: SubscriberReport[];
      /** [client_id, sent, received] of each first live change. */
      changes: [string, number, number][];
      /** [sent, received] of each first broadcast. */
      broadcasts: [number, number][];
      refetchFailures: number;
      loopDelay: number[];
    }
  | { type: 'connected'; count: number }
  | { type: 'tracked'; count: number; failed: string[] }
  | {
      type: 'presence-status';
      observers: number;
      complete: number;
      /** When the last of this process's listening clients saw everyone (once all did). */
      lastComplete?: number;
      clean: number;
      dropped: number;
      /** Clients dropped by the kill that have not tracked again. */
      notRetracked: number;
      /**
       * When the last of this process's listening clients that stayed connected saw a first
       * leave after the kill (once all did): the killed instance's entries reaching them.
       */
      lastFirstLeave?: number;
      least: number;
      example?: string;
    }
  | { type: 'error'; message: string };

const send = (message: FromClients) => process.send?.(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How late a 20 ms timer fires in this process, until the returned function is called. */
export function watchLoopDelay() {
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

/** Runs `work` for each item, at most `limit` at a time. */
export async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
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

/** The send time the writer put at the end of a message's content ("... @<ms>"). */
const sentOf = (content: string) => Number(content.slice(content.lastIndexOf('@') + 1));

interface Subscriber {
  index: number;
  conversation: Conversation;
  socket: RealtimeClient;
  token: string;
  live: Map<string, number>;
  refetched: Set<string>;
  ticks: Map<number, number>;
  up: { conversation: boolean; shared: boolean };
  joinedAt: number;
  downAt?: number;
  backAt?: number;
}

const subscribers: Subscriber[] = [];
const changes: [string, number, number][] = [];
const broadcasts: [number, number][] = [];
let refetchFailures = 0;
let stopLoopWatch: (() => number[]) | undefined;

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
  };
  const statusChange = (which: 'conversation' | 'shared', status: string) => {
    const wasUp = sub.up.conversation && sub.up.shared;
    sub.up[which] = status === 'SUBSCRIBED';
    const isUp = sub.up.conversation && sub.up.shared;
    if (wasUp && !isUp) sub.downAt ??= Date.now();
    if (!wasUp && isUp && sub.joinedAt > 0) sub.backAt = Date.now();
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
        const row = change.new as { client_id: string; content: string };
        const times = (sub.live.get(row.client_id) ?? 0) + 1;
        sub.live.set(row.client_id, times);
        if (times === 1) changes.push([row.client_id, sentOf(row.content), now]);
      },
    );
  const shared = socket.channel(SHARED_TOPIC).on('broadcast', { event: 'tick' }, ({ payload }) => {
    const { seq, sent } = payload as { seq: number; sent: number };
    const times = (sub.ticks.get(seq) ?? 0) + 1;
    sub.ticks.set(seq, times);
    if (times === 1) broadcasts.push([sent, Date.now()]);
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

interface PresenceClient {
  socket: RealtimeClient;
  observer: boolean;
  seen: Set<string>;
  /** The metas (presence_ref) held per key: more than one is a ghost of a killed instance. */
  metas: Map<string, string[]>;
  complete?: number;
  dropped?: boolean;
  retracked?: boolean;
  leaves: number;
  leavesAtKill?: number;
  /** When it first saw someone leave after the kill. */
  firstLeave?: number;
  track: () => Promise<string>;
}

const presenceClients: PresenceClient[] = [];
let tracking = false;
let presenceTotal = 0;
let statusTimer: NodeJS.Timeout | undefined;

async function connectPresence(
  url: string,
  share: { index: number; key: string; observer: boolean }[],
  concurrency: number,
) {
  await pool(share, concurrency, async ({ index, key, observer }) => {
    const socket = socketFor(url, mintUserToken(key));
    const channel = socket.channel(PRESENCE_TOPIC, { config: { presence: { key } } });
    const client: PresenceClient = {
      socket,
      observer,
      seen: new Set(),
      metas: new Map(),
      leaves: 0,
      track: () => channel.track({ n: index }),
    };
    presenceClients.push(client);
    // Who each client sees, kept from the join and leave events (presenceState() copies the
    // whole state on every call, too costly to poll for every client).
    if (observer)
      channel
        .on('presence', { event: 'join' }, ({ key: joined, newPresences }) => {
          client.seen.add(joined);
          // An array, not a Set: 4 million of these are made while 2,000 listeners converge.
          const refs = client.metas.get(joined);
          const added = newPresences.map((meta) => meta.presence_ref as string);
          if (refs) for (const ref of added) if (!refs.includes(ref)) refs.push(ref);
          client.metas.set(joined, refs ?? added);
          if (client.complete === undefined && client.seen.size === presenceTotal)
            client.complete = Date.now();
        })
        .on('presence', { event: 'leave' }, ({ key: left, currentPresences, leftPresences }) => {
          client.leaves += 1;
          if (client.leavesAtKill !== undefined) client.firstLeave ??= Date.now();
          const refs = client.metas.get(left);
          if (refs) {
            const gone = new Set(leftPresences.map((meta) => meta.presence_ref as string));
            client.metas.set(
              left,
              refs.filter((ref) => !gone.has(ref)),
            );
          }
          if (currentPresences.length === 0) client.seen.delete(left);
        });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`presence client ${index} timed out`)),
        120_000,
      );
      channel.subscribe(async (status) => {
        if (status !== 'SUBSCRIBED') {
          client.dropped = true;
          // Dropped again after tracking again (a process stalled past its socket heartbeat):
          // the server removed its presence with the socket, so the next rejoin tracks again.
          client.retracked = false;
          return;
        }
        clearTimeout(timer);
        resolve();
        // A rejoin tracks again, as a page showing who is online does (again if the answer did
        // not come in realtime-js's 10 s, as happens while this process applies a large diff).
        if (!tracking || !client.dropped) return;
        for (let attempt = 0; attempt < 3 && !client.retracked; attempt += 1)
          if ((await client.track()) === 'ok') client.retracked = true;
      });
    });
  });
}

/** After the kill: every client has seen the killed instance's entries leave and sees all once. */
const clean = (c: PresenceClient) =>
  (!c.dropped || c.retracked) &&
  c.leaves > (c.leavesAtKill ?? Infinity) &&
  c.seen.size === presenceTotal &&
  [...c.metas.values()].every((refs) => refs.length === 1);

function presenceStatus(): FromClients {
  const observers = presenceClients.filter((c) => c.observer);
  const complete = observers.filter((c) => c.complete !== undefined);
  const wrong = observers.find((c) => !clean(c));
  let example: string | undefined;
  if (wrong && wrong.leavesAtKill !== undefined) {
    const sizes = [...wrong.metas.values()].map((refs) => refs.length);
    example = `a client that ${wrong.dropped ? (wrong.retracked ? 'reconnected and tracked again' : 'dropped and has not tracked again') : 'stayed'}: sees ${wrong.seen.size} users, ${sizes.filter((n) => n > 1).length} with more than one entry, ${sizes.filter((n) => n === 0).length} with none`;
  }
  return {
    type: 'presence-status',
    observers: observers.length,
    complete: complete.length,
    lastComplete:
      complete.length === observers.length
        ? Math.max(0, ...complete.map((c) => c.complete ?? 0))
        : undefined,
    clean: observers.filter(clean).length,
    dropped: presenceClients.filter((c) => c.dropped).length,
    notRetracked: presenceClients.filter((c) => c.dropped && !c.retracked).length,
    lastFirstLeave: observers.every((c) => c.dropped || c.firstLeave !== undefined)
      ? Math.max(0, ...observers.map((c) => (c.dropped ? 0 : (c.firstLeave ?? 0))))
      : undefined,
    least: Math.min(presenceTotal, ...observers.map((c) => c.seen.size)),
    example,
  };
}

async function handle(message: ToClients) {
  switch (message.type) {
    case 'delivery': {
      await pool(message.share, 20, async ({ index, conversation }) => {
        subscribers.push(await subscribe(message.url, conversation, index));
      });
      return send({ type: 'joined', count: subscribers.length });
    }
    case 'measure':
      stopLoopWatch = watchLoopDelay();
      return;
    case 'report':
      return send({
        type: 'report',
        subscribers: subscribers.map((sub) => ({
          index: sub.index,
          conversationId: sub.conversation.id,
          live: [...sub.live],
          refetched: [...sub.refetched],
          ticks: [...sub.ticks],
          downAt: sub.downAt,
          backAt: sub.backAt,
          upConversation: sub.up.conversation,
        })),
        changes,
        broadcasts,
        refetchFailures,
        loopDelay: stopLoopWatch?.() ?? [],
      });
    case 'presence':
      presenceTotal = message.total;
      stopLoopWatch = watchLoopDelay();
      await connectPresence(message.url, message.share, message.concurrency);
      statusTimer = setInterval(() => send(presenceStatus()), 250);
      return send({ type: 'connected', count: presenceClients.length });
    case 'track': {
      tracking = true;
      const failed: string[] = [];
      await pool(presenceClients, 100, async (client) => {
        const answer = await client.track();
        if (answer !== 'ok') failed.push(answer);
      });
      return send({ type: 'tracked', count: presenceClients.length, failed });
    }
    case 'killed':
      for (const client of presenceClients) client.leavesAtKill = client.leaves;
      return;
    case 'stop':
      clearInterval(statusTimer);
      for (const sub of subscribers) sub.socket.disconnect();
      for (const client of presenceClients) client.socket.disconnect();
      await sleep(500);
      process.exit(0);
  }
}

process.on('message', (message: ToClients) => {
  handle(message).catch((error: unknown) => {
    send({ type: 'error', message: String(error) });
  });
});
