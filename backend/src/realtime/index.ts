import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { AppContext } from '../app-context.ts';
import type { ApiHandler } from '../http/types.ts';
import { identify, RealtimeAuthError } from './authorize.ts';
import { createBus } from './bus.ts';
import { createClusterPresence } from './cluster.ts';
import { startChangeFanout } from './changes.ts';
import { handleFrame, leave, type Realm } from './handlers.ts';
import { createRealtimeApi } from './http-api.ts';
import { Hub } from './hub.ts';
import { createPresenceBeacon } from './presence-beacon.ts';
import { closeChannelsOfEndedSessions } from './revocation.ts';
import { Session } from './session.ts';
import { installChangeTriggers } from './triggers.ts';

export interface Realtime {
  /** Takes over WebSocket upgrades to /realtime/v1/websocket on the server. */
  attach(server: http.Server): void;
  /** /realtime/v1/api (HTTP broadcast). */
  api: ApiHandler;
  /** /api/update-presence-offline (the unload beacon). */
  presenceBeacon: ApiHandler;
  close(): Promise<void>;
}

const websocketPath = '/realtime/v1/websocket';
// Published tables are re-checked this often, so a table added to the publication later works.
const triggerSyncMs = 10_000;

function refuse(socket: Duplex, status: number, message: string) {
  socket.end(
    `HTTP/1.1 ${status} ${message}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${message}`,
  );
}

/** Realtime: the socket, postgres changes under RLS, broadcast and presence (decision 0031). */
export async function createRealtime(ctx: AppContext): Promise<Realtime> {
  const hub = new Hub();
  const cluster = createClusterPresence(hub);
  const bus = await createBus(ctx.db, (event, origin) => cluster.receive(event, origin));
  await cluster.start(bus);
  const realm: Realm = { ctx, hub, bus };
  await installChangeTriggers(ctx.db);
  const stopChanges = await startChangeFanout(ctx.db, hub);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  const sessions = new Set<Session>();
  const stopRevocation = await closeChannelsOfEndedSessions(realm, sessions);
  // Changes, broadcasts and presence sent while the database connection was lost were missed:
  // closing the sockets makes every client reconnect, join again, track again and re-read what
  // it shows, instead of silently missing events.
  ctx.db.onListenResumed?.(() => {
    for (const session of sessions) session.terminate();
  });
  const timers = [
    setInterval(() => {
      installChangeTriggers(ctx.db).catch((e: unknown) => console.error('[realtime] triggers:', e));
    }, triggerSyncMs),
    setInterval(() => {
      const now = Date.now();
      for (const session of sessions) if (session.isIdle(now)) session.terminate();
    }, 15_000),
  ];
  for (const timer of timers) timer.unref();

  const onUpgrade = async (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== websocketPath) return refuse(socket, 404, 'Not Found');
    const apikey = url.searchParams.get('apikey') ?? (req.headers.apikey as string | undefined);
    try {
      await identify(ctx, apikey ?? undefined);
    } catch (error) {
      if (error instanceof RealtimeAuthError) return refuse(socket, 403, 'Forbidden');
      throw error;
    }
    const vsn = url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new Session(ws, vsn, apikey ?? undefined);
      sessions.add(session);
      session.run(
        (s, frame) => handleFrame(realm, s, frame),
        (s) => {
          sessions.delete(s);
          for (const member of [...s.members.values()])
            leave(realm, s, member).catch((e: unknown) => console.error('[realtime] leave:', e));
        },
      );
    });
  };

  return {
    attach(server) {
      server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
        onUpgrade(req, socket, head).catch((error: unknown) => {
          console.error('[realtime] upgrade failed:', error);
          socket.destroy();
        });
      });
    },
    api: createRealtimeApi(realm),
    presenceBeacon: createPresenceBeacon(realm),
    async close() {
      for (const timer of timers) clearInterval(timer);
      cluster.stop();
      for (const session of sessions) session.terminate();
      await stopChanges().catch(() => undefined);
      await stopRevocation().catch(() => undefined);
      await bus.close().catch(() => undefined);
    },
  };
}
