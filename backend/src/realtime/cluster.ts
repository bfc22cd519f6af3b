import type { Bus, BusEvent } from './bus.ts';
import type { Hub } from './hub.ts';

/** How often each instance says it is alive, and how long silence means it is gone. */
export const HEARTBEAT_MS = 5_000;
export const INSTANCE_TIMEOUT_MS = 15_000;

export interface ClusterPresence {
  /** Handles one bus event from `origin` (this instance or another). */
  receive(event: BusEvent, origin: string): void;
  /** Announces this instance on `bus` and asks the others for their presence. */
  start(bus: Bus): Promise<void>;
  stop(): void;
}

/**
 * Keeps presence right across instances on one PostgreSQL. Each instance's trackers live in its
 * memory; the others learn them from the bus. So a new instance asks for them (sync-request),
 * and a killed one, which can no longer send its leaves, is detected by its silence: after
 * INSTANCE_TIMEOUT_MS without a heartbeat its trackers are removed here, and the sockets see
 * them leave. Its clients reconnect through the proxy to a live instance and track again.
 */
export function createClusterPresence(hub: Hub): ClusterPresence {
  const lastSeen = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let attached: Bus | undefined;
  const bus = (): Bus => {
    if (!attached) throw new Error('cluster presence used before start()');
    return attached;
  };

  const sendLocalPresence = async () => {
    for (const event of hub.trackedBy(bus().instance)) await bus().publishRemote(event);
  };

  const requestSync = () => {
    bus()
      .publishRemote({ kind: 'sync-request' })
      .catch((e: unknown) => console.error('[realtime] presence sync request:', e));
  };

  const sweep = () => {
    const now = Date.now();
    for (const [origin, seen] of lastSeen) {
      if (now - seen <= INSTANCE_TIMEOUT_MS) continue;
      lastSeen.delete(origin);
      hub.dropOrigin(origin);
    }
  };

  return {
    receive(event, origin) {
      // Events can arrive while createBus is still returning: the local ones carry no news.
      if (attached && origin !== attached.instance) {
        // A new instance, or one whose trackers were dropped here after a long silence: ask
        // everyone to send their presence again (unchanged entries change nothing).
        if (!lastSeen.has(origin)) requestSync();
        lastSeen.set(origin, Date.now());
      }
      if (event.kind === 'heartbeat') return;
      if (event.kind === 'sync-request') {
        sendLocalPresence().catch((e: unknown) => console.error('[realtime] presence sync:', e));
        return;
      }
      hub.deliver(event, origin);
    },
    async start(started) {
      attached = started;
      await bus().publishRemote({ kind: 'sync-request' });
      timer = setInterval(() => {
        sweep();
        bus()
          .publishRemote({ kind: 'heartbeat' })
          .catch((e: unknown) => console.error('[realtime] heartbeat:', e));
      }, HEARTBEAT_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
