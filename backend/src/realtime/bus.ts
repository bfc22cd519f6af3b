import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types.ts';
import type { Entry } from './presence.ts';

/** What crosses instances: a broadcast, or a presence change of one tracker. */
export type BusEvent =
  | {
      kind: 'broadcast';
      topic: string;
      event: string;
      payload: unknown;
      /** Raw bytes of a binary broadcast, base64. */
      binary?: string;
      /** The sending membership, so `self: false` can skip it. */
      from?: string;
    }
  | { kind: 'presence'; topic: string; trackerId: string; entry: Entry | undefined };

export interface Bus {
  publish(event: BusEvent): Promise<void>;
  close(): Promise<void>;
}

const channel = 'realtime_bus';
// NOTIFY payloads stop at 8000 bytes; a larger event reaches this instance's sockets only.
const notifyLimit = 7900;

/**
 * On PostgreSQL every event goes through NOTIFY, so sockets on every instance receive it (the
 * backend keeps no state that another instance lacks). On PGlite there is one instance: local.
 */
export async function createBus(db: Db, deliver: (event: BusEvent) => void): Promise<Bus> {
  if (db.kind !== 'postgres') {
    return {
      publish: async (event) => deliver(event),
      close: async () => undefined,
    };
  }
  const instance = randomUUID();
  const unlisten = await db.listen(channel, (text) => {
    try {
      const { origin, event } = JSON.parse(text) as { origin: string; event: BusEvent };
      if (origin !== instance) deliver(event);
    } catch (error) {
      console.error('[realtime] bad bus message:', error);
    }
  });
  return {
    async publish(event) {
      // Local sockets get it at once; other instances through the database.
      deliver(event);
      const text = JSON.stringify({ origin: instance, event });
      if (Buffer.byteLength(text) > notifyLimit) return;
      await db.query('select pg_notify($1, $2)', [channel, text]);
    },
    close: unlisten,
  };
}
