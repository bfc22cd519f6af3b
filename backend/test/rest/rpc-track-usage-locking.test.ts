/**
 * track_usage's atomicity, shown deterministically on PostgreSQL: while one transaction holds
 * the last unit of the limit (uncommitted), a second caller waits on the row lock and then
 * re-checks the limit against what the first one did — refused after a commit, counted after a
 * rollback. Uses its own scratch database migrated with the backend's runner (no HTTP: the
 * point is the interleaving of two open transactions, which a REST request cannot hold open).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config/config.ts';
import { openDb } from '../../src/db/open.ts';
import { runMigrations } from '../../src/migrate/migrate.ts';
import { adminQuery, postgresAvailable } from '../support/test-server.ts';

jest.setTimeout(60_000);

const available = postgresAvailable();
if (!available)
  console.log('[test] SKIPPED track_usage locking: nothing answers on 127.0.0.1:5432');

(available ? describe : describe.skip)('track_usage row locking [postgres]', () => {
  const dbName = `c_rpc_lock_${randomBytes(5).toString('hex')}`;
  const url = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-lock-'));
  const userId = randomUUID();
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    await adminQuery(`create database ${dbName}`);
    const config = loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir });
    const db = await openDb(config);
    try {
      await runMigrations(db, config);
      await db.query(
        `insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, '{"name":"Lock Tester"}')`,
        [userId, `lock-${userId}@example.com`],
      );
    } finally {
      await db.close();
    }
    for (let i = 0; i < 2; i += 1) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      clients.push(client);
    }
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    await adminQuery(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** BEGIN as the user, the way the REST gateway sets a request up. */
  const beginAsUser = (client: pg.Client) =>
    client
      .query('begin')
      .then(() =>
        client.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [JSON.stringify({ sub: userId, role: 'authenticated' })],
        ),
      );
  const track = async (client: pg.Client, by: number) =>
    (
      await client.query<{ ok: boolean }>(`select public.track_usage($1, 'bookings', $2) as ok`, [
        userId,
        by,
      ])
    ).rows[0].ok;
  const usage = async () =>
    (
      await clients[0].query<{ n: number }>(
        `select coalesce(sum(current_usage), 0)::int as n from public.subscription_usage where user_id = $1 and metric_name = 'bookings'`,
        [userId],
      )
    ).rows[0].n;
  const settled = (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 300)),
    ]);

  test.each([
    ['commit', false, 20],
    ['rollback', true, 20],
  ])(
    "a waiting caller re-checks the limit after the holder's %s",
    async (outcome, secondCounts, finalUsage) => {
      const [first, second] = clients;
      await first.query(`delete from public.subscription_usage where user_id = $1`, [userId]);
      await beginAsUser(first);
      expect(await track(first, 19)).toBe(true); // the free plan allows 20 bookings a month
      await first.query('commit');

      await beginAsUser(first);
      expect(await track(first, 1)).toBe(true); // 20 of 20, not yet committed: the row stays locked
      await beginAsUser(second);
      const waiting = track(second, 1);
      expect(await settled(waiting)).toBe(false); // blocked behind the first transaction
      await first.query(outcome);
      expect(await waiting).toBe(secondCounts);
      await second.query('commit');
      expect(await usage()).toBe(finalUsage);
    },
  );
});
