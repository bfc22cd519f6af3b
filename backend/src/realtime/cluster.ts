import type { Bus, BusEvent } from './bus.ts';
import type { Hub } from './hub.ts';

/** How often each instance says it is alive, and how long silence means it is gone. */
export const HEARTBEAT_MS = 5_000;
export const INSTANCE_TIMEOUT_MS = 15_000;
/** How often the bus connections of the other instances are looked up in PostgreSQL. */
export const CONNECTION_CHECK_MS = 1_000;
/**
 * How many looks in a row must miss an instance's connection before it is taken as gone: one
 * miss may be its listener opening its connection again (100 ms after a loss).
 */
export const CONNECTION_MISSES = 2;

export interface ClusterPresence {
  /** Handles one bus event from `origin` (this instance or another). */
  receive(event: BusEvent, origin: string): void;
  /** Announces this instance on `bus` and asks the others for their presence. */
  start(bus: Bus): Promise<void>;
  stop(): void;
}

/**
 * Keeps presence right across instances on one PostgreSQL. Each instance's trackers live in its
 * memory; the others learn them from the bus. So a new instance asks for them (sync-request).
 * A killed one can no longer send its leaves; its trackers are removed here, and the sockets see
 * them leave, as soon as it is known to be gone:
 *
 * - at once, by its connection: a killed process's PostgreSQL connections end within
 *   milliseconds, and each instance's bus LISTEN connection carries its id (bus.ts). Every
 *   CONNECTION_CHECK_MS one query lists them; an instance whose connection was seen before and
 *   is missing CONNECTION_MISSES times in a row is gone (1-2 s after a kill);
 * - by its silence, when its connection stays open (a network partition that PostgreSQL has not
 *   noticed) or was never seen: after INSTANCE_TIMEOUT_MS without a heartbeat.
 *
 * Its clients reconnect through the proxy to a live instance and track again. An instance taken
 * as gone that speaks again (its listener took longer to come back) is asked for its presence
 * again, like a new one.
 */
export function createClusterPresence(hub: Hub): ClusterPresence {
  const lastSeen = new Map<string, number>();
  /**
   * When each instance's connection was last seen: only those seen can be missed. One running an
   * older version, whose connection carries no id, is left to the heartbeat timeout.
   */
  const connectionSeen = new Map<string, number>();
  /** Looks in a row that missed an instance's connection. */
  const misses = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  let checking = false;
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

  const drop = (origin: string, why: string) => {
    lastSeen.delete(origin);
    misses.delete(origin);
    const trackers = hub.trackedBy(origin).length;
    console.error(
      `[realtime] instance ${origin} taken as gone (${why}); ${trackers} trackers leave`,
    );
    hub.dropOrigin(origin);
  };

  const sweep = () => {
    const now = Date.now();
    for (const [origin, seen] of lastSeen)
      if (now - seen > INSTANCE_TIMEOUT_MS) drop(origin, 'no heartbeat');
  };

  const checkConnections = async () => {
    // A slow database answers one look at a time; a failed look (no database) drops no one.
    // Alone, there is no one to look for (what was seen of instances gone stays remembered).
    if (checking || lastSeen.size === 0) return;
    checking = true;
    try {
      const connected = await bus().connectedInstances();
      if (!connected) return;
      const now = Date.now();
      for (const origin of lastSeen.keys()) {
        if (connected.has(origin)) {
          connectionSeen.set(origin, now);
          misses.delete(origin);
        } else if (connectionSeen.has(origin)) {
          const missed = (misses.get(origin) ?? 0) + 1;
          misses.set(origin, missed);
          if (missed >= CONNECTION_MISSES) drop(origin, 'its bus connection closed');
        }
      }
      // Forget instances gone for good (a restarted one has a new id). One dropped a moment ago
      // is remembered a while: a last event of it arriving late is dropped again soon.
      for (const [origin, seen] of connectionSeen)
        if (!lastSeen.has(origin) && now - seen > INSTANCE_TIMEOUT_MS)
          connectionSeen.delete(origin);
    } catch (e) {
      console.error('[realtime] instance connections:', e);
    } finally {
      checking = false;
    }
  };

  return {
    receive(event, origin) {
      // Events can arrive while createBus is still returning: the local ones carry no news.
      if (attached && origin !== attached.instance) {
        // A new instance, or one whose trackers were dropped here: ask everyone to send their
        // presence again (unchanged entries change nothing).
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
      timers.push(
        setInterval(() => {
          sweep();
          bus()
            .publishRemote({ kind: 'heartbeat' })
            .catch((e: unknown) => console.error('[realtime] heartbeat:', e));
        }, HEARTBEAT_MS),
        setInterval(() => void checkConnections(), CONNECTION_CHECK_MS),
      );
      for (const timer of timers) timer.unref();
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers.length = 0;
    },
  };
}
