/**
 * Run by backend/test/realtime/cluster-presence.test.ts as `node --import tsx`, so that it can be
 * killed with SIGKILL like a real instance: the realtime bus and cluster presence of one instance
 * on the PostgreSQL database given as the first argument, with the number of trackers given
 * second tracked on realtime:lobby. Prints `ready <instance id>` once they are published, then
 * waits to be killed.
 */
import { openPostgres } from '../../src/db/postgres.ts';
import { createBus } from '../../src/realtime/bus.ts';
import { createClusterPresence } from '../../src/realtime/cluster.ts';
import { Hub } from '../../src/realtime/hub.ts';

const [databaseUrl, trackers] = process.argv.slice(2) as [string, string];

const db = await openPostgres(databaseUrl);
const hub = new Hub();
const cluster = createClusterPresence(hub);
const bus = await createBus(db, (event, origin) => cluster.receive(event, origin));
await cluster.start(bus);
for (let i = 0; i < Number(trackers); i += 1) {
  const trackerId = `child-${i}`;
  await bus.publish({
    kind: 'presence',
    topic: 'realtime:lobby',
    trackerId,
    entry: { key: trackerId, meta: { phx_ref: `ref-${i}` } },
  });
}
process.stdout.write(`ready ${bus.instance}\n`);
// Kept alive by the database connections and the cluster's timers (unref'd): wait for the kill.
setInterval(() => undefined, 60_000);
