import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Db } from '../../src/db/types.ts';
import { createBus, type Bus } from '../../src/realtime/bus.ts';
import {
  CONNECTION_CHECK_MS,
  createClusterPresence,
  INSTANCE_TIMEOUT_MS,
  type ClusterPresence,
} from '../../src/realtime/cluster.ts';
import { Hub } from '../../src/realtime/hub.ts';
import type { Membership, Outlet } from '../../src/realtime/membership.ts';
import type { PresenceMap } from '../../src/realtime/presence.ts';
import type { Frame } from '../../src/realtime/protocol.ts';
import { adminQuery, postgresAvailable } from '../support/test-server.ts';
import { sleep } from '../support/realtime-helpers.ts';

// Presence across two instances on one PostgreSQL database (backend/src/realtime/cluster.ts):
// the trackers of an instance killed with SIGKILL leave the other's sockets as soon as its bus
// connection is gone, not after INSTANCE_TIMEOUT_MS of silence; an instance whose bus connection
// is only opened again keeps its trackers.

const repoRoot = path.resolve(__dirname, '../../..');
const topic = 'realtime:lobby';
const trackers = 50;
const dbName = `presence_cluster_${randomBytes(6).toString('hex')}`;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;

/** A member of `topic` on the hub, and the keys it holds after applying its presence diffs. */
function watch(hub: Hub) {
  const frames: Frame[] = [];
  const outlet: Outlet = {
    id: 'watcher',
    send: (frame) => frames.push(frame),
    sendShared: (frame) => frames.push(frame),
    sendBinary: () => undefined,
  };
  const member = { id: 'w', outlet, topic, isPrivate: false, presenceEnabled: true, bindings: [] };
  hub.add(member as unknown as Membership);
  const keys = () => {
    const held = new Set<string>();
    for (const { payload } of frames) {
      const { joins, leaves } = payload as { joins: PresenceMap; leaves: PresenceMap };
      for (const key of Object.keys(joins)) held.add(key);
      for (const key of Object.keys(leaves)) held.delete(key);
    }
    return held;
  };
  return { frames, keys };
}

/** One instance in this process: its database, hub, bus and cluster presence. */
async function instance() {
  const db = await openPostgres(databaseUrl, { max: 2 });
  const hub = new Hub();
  const cluster = createClusterPresence(hub);
  const bus = await createBus(db, (event, origin) => cluster.receive(event, origin));
  await cluster.start(bus);
  return { db, hub, cluster, bus };
}

/** The instance of realtime-instance-child.ts in its own process, once its trackers are out. */
async function childInstance(count: number) {
  const script = path.join(repoRoot, 'backend/test/support/realtime-instance-child.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, databaseUrl, String(count)], {
    cwd: repoRoot,
  });
  const id = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /ready (\S+)\n/.exec(out);
      if (ready) resolve(ready[1] as string);
    });
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.on('exit', (code) => reject(new Error(`instance child exited (${code}): ${out}`)));
  });
  return { child, id };
}

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

const describeOnPostgres = postgresAvailable() ? describe : describe.skip;
if (!postgresAvailable())
  console.log('[test] SKIPPED cluster presence: nothing answers on 127.0.0.1:5432');

describeOnPostgres('presence across two instances on one PostgreSQL database', () => {
  const open: { db: Db; cluster: ClusterPresence; bus: Bus }[] = [];
  const children: ChildProcessWithoutNullStreams[] = [];

  beforeAll(async () => adminQuery(`create database ${dbName}`));
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const { cluster, bus, db } of open) {
      cluster.stop();
      await bus.close().catch(() => undefined);
      await db.close();
    }
    await adminQuery(`drop database if exists ${dbName} with (force)`);
  });

  test('the trackers of a killed instance leave the survivor within two connection checks', async () => {
    const survivor = await instance();
    open.push(survivor);
    const { keys } = watch(survivor.hub);
    const { child, id } = await childInstance(trackers);
    children.push(child);
    expect(await until(() => keys().size === trackers, 10_000)).toBe(true);
    // The survivor has seen the child's connection at least once before the kill.
    await sleep(CONNECTION_CHECK_MS * 1.5);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const killedAt = Date.now();
    child.kill('SIGKILL');
    await exited;
    const gone = await until(() => keys().size === 0, INSTANCE_TIMEOUT_MS / 2);
    const ms = Date.now() - killedAt;
    console.log(`[cluster presence] the killed instance's ${trackers} trackers left in ${ms} ms`);
    expect(gone).toBe(true);
    // Two checks a second apart, the second one's answer, and the presence diff period.
    expect(ms).toBeLessThan(3 * CONNECTION_CHECK_MS + 500);
    expect(survivor.hub.trackedBy(id)).toEqual([]);
  });

  test('an instance whose bus connection is lost and opened again keeps its trackers', async () => {
    const survivor = await instance();
    const other = await instance();
    open.push(survivor, other);
    const { keys, frames } = watch(survivor.hub);
    for (let i = 0; i < 5; i += 1)
      await other.bus.publish({
        kind: 'presence',
        topic,
        trackerId: `other-${i}`,
        entry: { key: `other-${i}`, meta: { phx_ref: `other-ref-${i}` } },
      });
    expect(await until(() => keys().size === 5, 5_000)).toBe(true);
    await sleep(CONNECTION_CHECK_MS * 1.5);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [`promatch-realtime:${other.bus.instance}`],
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    const seen = frames.length;
    // Its listener comes back within a fraction of a second, before a second check misses it.
    await sleep(CONNECTION_CHECK_MS * 3);
    expect(keys().size).toBe(5);
    expect(frames.length).toBe(seen);
    expect(survivor.hub.trackedBy(other.bus.instance)).toHaveLength(5);
  });
});

describe('which instances the connection check takes as gone', () => {
  /** Cluster presence on a bus whose connected instances the test sets. */
  async function withConnections() {
    const hub = new Hub();
    const { keys } = watch(hub);
    const cluster = createClusterPresence(hub);
    const connected = new Set<string>(['self']);
    const bus: Bus = {
      instance: 'self',
      publish: async () => undefined,
      publishRemote: async () => undefined,
      connectedInstances: async () => new Set(connected),
      close: async () => undefined,
    };
    await cluster.start(bus);
    const track = (origin: string) =>
      cluster.receive(
        {
          kind: 'presence',
          topic,
          trackerId: origin,
          entry: { key: origin, meta: { phx_ref: origin } },
        },
        origin,
      );
    return { cluster, connected, keys, track };
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('one missed look is not enough; two in a row are', async () => {
    const { cluster, connected, keys, track } = await withConnections();
    connected.add('other');
    track('other');
    await jest.advanceTimersByTimeAsync(CONNECTION_CHECK_MS);
    connected.delete('other'); // its listener reconnecting
    await jest.advanceTimersByTimeAsync(CONNECTION_CHECK_MS);
    connected.add('other');
    await jest.advanceTimersByTimeAsync(CONNECTION_CHECK_MS * 3);
    expect([...keys()]).toEqual(['other']);
    connected.delete('other'); // killed
    await jest.advanceTimersByTimeAsync(CONNECTION_CHECK_MS * 2 + 100);
    expect([...keys()]).toEqual([]);
    cluster.stop();
  });

  test('an instance whose connection was never seen (an older version) waits for the timeout', async () => {
    const { cluster, keys, track } = await withConnections();
    track('older');
    await jest.advanceTimersByTimeAsync(INSTANCE_TIMEOUT_MS - CONNECTION_CHECK_MS);
    expect([...keys()]).toEqual(['older']);
    await jest.advanceTimersByTimeAsync(CONNECTION_CHECK_MS * 6 + 100);
    expect([...keys()]).toEqual([]);
    cluster.stop();
  });
});
