import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types.ts';
import type { Entry } from './presence.ts';

/** What crosses instances: a broadcast, a presence change of one tracker, or cluster upkeep. */
export type BusEvent =
  | {
      kind: 'broadcast';
      topic: string;
      /** Which namespace the topic is in: a private channel is never the public one (decision 0144). */
      private?: boolean;
      event: string;
      payload: unknown;
      /** Raw bytes of a binary broadcast, base64. */
      binary?: string;
      /** The sending membership, so `self: false` can skip it. */
      from?: string;
    }
  | {
      kind: 'presence';
      topic: string;
      private?: boolean;
      trackerId: string;
      entry: Entry | undefined;
    }
  /** "I am alive": an instance silent for longer than the timeout is taken as gone. */
  | { kind: 'heartbeat' }
  /** A new instance asks the others to send their local presence again. */
  | { kind: 'sync-request' };

export interface Bus {
  /** This instance's id: the origin of everything it publishes. */
  readonly instance: string;
  publish(event: BusEvent): Promise<void>;
  /** To the other instances only (presence they may lack); never delivered here. */
  publishRemote(event: BusEvent): Promise<void>;
  /**
   * The instances whose bus connection to PostgreSQL is open now, this one included; undefined
   * where that cannot be told (PGlite, one instance). A process that is killed loses its
   * connections at once, long before its heartbeats are missed.
   */
  connectedInstances(): Promise<Set<string> | undefined>;
  close(): Promise<void>;
}

/** Receives an event and the id of the instance that published it. */
export type Deliver = (event: BusEvent, origin: string) => void;

const channel = 'realtime_bus';
/**
 * The application_name of an instance's LISTEN connection: this prefix and its id (63 bytes at
 * most are kept; this is 54).
 */
const applicationPrefix = 'promatch-realtime:';
// NOTIFY payloads stop at 8000 bytes; a larger event reaches this instance's sockets only.
const notifyLimit = 7900;
/** The most events one NOTIFY round trip carries. */
const notifyBatch = 500;

/**
 * On PostgreSQL every event goes through NOTIFY, so sockets on every instance receive it (the
 * backend keeps no state that another instance lacks). On PGlite there is one instance: local.
 */
export async function createBus(db: Db, deliver: Deliver): Promise<Bus> {
  const instance = randomUUID();
  if (db.kind !== 'postgres') {
    return {
      instance,
      publish: async (event) => deliver(event, instance),
      publishRemote: async () => undefined,
      connectedInstances: async () => undefined,
      close: async () => undefined,
    };
  }
  // Named before it listens, so the others can see the connection before they hear from it.
  // LISTEN never goes through a pooler (db/postgres.ts: listenUrl), so the name is this
  // process's own connection's.
  const named = db.nameListenConnection !== undefined;
  await db.nameListenConnection?.(`${applicationPrefix}${instance}`);
  const unlisten = await db.listen(channel, (text) => {
    try {
      const { origin, event } = JSON.parse(text) as { origin: string; event: BusEvent };
      if (origin !== instance) deliver(event, origin);
    } catch (error) {
      console.error('[realtime] bad bus message:', error);
    }
  });
  // Events published while a NOTIFY round trip is under way wait and go out together, in the
  // order they were published, one round trip for many: 2,000 users tracking on one channel
  // were 2,000 queries through a pool of ten, and a track's reply waited its turn among them.
  const queue: { text: string; sent: () => void; failed: (error: unknown) => void }[] = [];
  let flushing = false;
  const flush = async () => {
    if (flushing) return;
    flushing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, notifyBatch);
        try {
          await db.query('select pg_notify($1, t) from unnest($2::text[]) as t', [
            channel,
            batch.map(({ text }) => text),
          ]);
          for (const { sent } of batch) sent();
        } catch (error) {
          for (const { failed } of batch) failed(error);
        }
      }
    } finally {
      flushing = false;
    }
  };
  // PostgreSQL drops a NOTIFY that repeats another of the same transaction: the number keeps two
  // identical broadcasts in one batch two.
  let sequence = 0;
  const notify = (event: BusEvent) => {
    sequence += 1;
    const text = JSON.stringify({ origin: instance, n: sequence, event });
    if (Buffer.byteLength(text) > notifyLimit) return Promise.resolve();
    return new Promise<void>((sent, failed) => {
      queue.push({ text, sent, failed });
      void flush();
    });
  };
  return {
    instance,
    async publish(event) {
      // Local sockets get it at once; other instances through the database.
      deliver(event, instance);
      await notify(event);
    },
    publishRemote: notify,
    async connectedInstances() {
      if (!named) return undefined;
      const { rows } = await db.query<{ name: string }>(
        `select application_name as name from pg_stat_activity
          where datname = current_database() and starts_with(application_name, $1)`,
        [applicationPrefix],
      );
      return new Set(rows.map(({ name }) => name.slice(applicationPrefix.length)));
    },
    close: unlisten,
  };
}
