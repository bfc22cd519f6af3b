/**
 * A streaming replica (backend/launcher/launch-replica.cjs: pg_basebackup into a temporary folder,
 * a second postgres on another port) serving the public search and profile reads through the REST
 * gateway (PROMATCH_READ_REPLICA_URL, decision 0216).
 *
 * The replica's replay is paused to make it visibly behind: a visitor's search and profile reads
 * then show the old profile (they came from the replica), while the professional who changed it,
 * signed in, reads the new one (the primary: read-your-writes). /health shows the lag. Once the
 * lag passes PROMATCH_READ_REPLICA_MAX_LAG_MS the visitor reads the primary too, and after
 * replay resumes the replica serves again, caught up.
 *
 * The primary is a private PostgreSQL of the test's own (private-postgres.ts), not the shared one
 * on 127.0.0.1:5432: copying that whole cluster (other suites' and the benches' databases, GBs at
 * times) and replaying every other suite's writes made the test slow and its replica late. A fresh
 * initdb already accepts replication from 127.0.0.1 (wal_level replica, max_wal_senders 10, a
 * `host replication all 127.0.0.1/32 trust` line). Needs PostgreSQL's server binaries (initdb,
 * pg_basebackup, pg_ctl); skipped, saying so, without them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { findPgBinDir, launchReplica } from '../../launcher/launch-replica.cjs';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';
import {
  privatePostgresAvailable,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../support/private-postgres.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

jest.setTimeout(240_000);

const ready = privatePostgresAvailable() && findPgBinDir() !== undefined;
if (!ready)
  console.log(
    "[test] SKIPPED read replica: PostgreSQL's server binaries (initdb, pg_basebackup, pg_ctl) are not installed, or, as root, there is no postgres OS user",
  );
const describeReplica = ready ? describe : describe.skip;

const MAX_LAG_MS = 8_000;

interface Health {
  replica?: { serving: boolean; lagBytes: number | null; lagMs: number | null; maxLagMs: number };
}

describeReplica('a streaming replica serving the public reads', () => {
  let primary: PrivatePostgres;
  let replica: Awaited<ReturnType<typeof launchReplica>>;
  let server: TestServer;
  let replicaAdmin: pg.Client;
  let visitor: SupabaseClient;
  let professional: { id: string; client: SupabaseClient };
  const databaseName = `pm_replica_${randomBytes(6).toString('hex')}`;
  const word = `zq${randomBytes(4).toString('hex')}`;

  const health = async (): Promise<Health> =>
    (await (await fetch(`${server.url}/health`)).json()) as Health;

  const waitForHealth = async (what: string, ok: (h: Health) => boolean, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const h = await health();
      if (ok(h)) return h;
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(h)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** The profile's title as a visitor reads it: the profile page's select and a search. */
  const visitorReads = async () => {
    const profile = must(
      await visitor.from('profiles').select('title').eq('id', professional.id).maybeSingle(),
      'visitor profile',
    ) as { title: string } | null;
    const search = must(
      await visitor.rpc('search_professionals', { p_query: word }),
      'visitor search',
    ) as { items: { id: string; title: string }[] };
    return {
      profile: profile?.title,
      search: search.items.find((item) => item.id === professional.id)?.title,
    };
  };

  beforeAll(async () => {
    // The replica first: the test database is then created on the primary and reaches the
    // replica by streaming, as everything written later does.
    primary = await startPrivatePostgres();
    const primaryPort = Number(new URL(primary.url).port);
    replica = await launchReplica({ primary: { port: primaryPort } });
    server = await startTestServer({
      db: 'postgres',
      postgresAdminUrl: primary.url,
      databaseName,
      env: {
        PROMATCH_READ_REPLICA_URL: replica.url(databaseName),
        PROMATCH_READ_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
        PROMATCH_READ_REPLICA_CHECK_MS: '200',
      },
    });
    replicaAdmin = new pg.Client({ connectionString: replica.url('postgres') });
    await replicaAdmin.connect();
    const service = newClient(server, server.serviceRoleKey);
    professional = await createSignedInUser(server, service, `pro-${randomUUID()}@example.com`, {
      account_type: 'professional',
      full_name: 'Replica Tester',
    });
    must(
      await professional.client
        .from('profiles')
        .update({ title: `First ${word} title` })
        .eq('id', professional.id),
      'first title',
    );
    visitor = newClient(server, server.anonKey);
  }, 240_000);

  afterAll(async () => {
    await replicaAdmin?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await replicaAdmin?.end().catch(() => undefined);
    await server?.stop();
    await replica?.stop();
    primary?.stop();
  }, 60_000);

  it('reports the replica and its lag on /health, and serves visitors from it', async () => {
    // The backend's own background work keeps writing, so the replica is rarely 0 bytes behind at
    // the instant it is measured; within moments is what matters.
    const h = await waitForHealth('replica serving', (state) => state.replica?.serving === true);
    expect(h.replica).toMatchObject({ serving: true, maxLagMs: MAX_LAG_MS });
    expect(h.replica?.lagMs).toBeLessThan(MAX_LAG_MS);
    expect(typeof h.replica?.lagBytes).toBe('number');
    // Streaming delivers the first title to the replica within moments.
    const deadline = Date.now() + 10_000;
    while ((await visitorReads()).profile !== `First ${word} title`) {
      if (Date.now() > deadline) throw new Error('the replica never showed the first title');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await visitorReads()).toEqual({
      profile: `First ${word} title`,
      search: `First ${word} title`,
    });
  });

  it('a replica behind serves visitors the old profile; its owner reads the new one', async () => {
    await replicaAdmin.query('select pg_wal_replay_pause()');
    must(
      await professional.client
        .from('profiles')
        .update({ title: `Second ${word} title` })
        .eq('id', professional.id),
      'second title',
    );
    // The owner's own change is there at once: signed-in reads go to the primary.
    const own = must(
      await professional.client.from('profiles').select('title').eq('id', professional.id).single(),
      'own profile',
    ) as { title: string };
    expect(own.title).toBe(`Second ${word} title`);
    const ownSearch = must(
      await professional.client.rpc('search_professionals', { p_query: word }),
      'own search',
    ) as { items: { id: string; title: string }[] };
    expect(ownSearch.items.find((item) => item.id === professional.id)?.title).toBe(
      `Second ${word} title`,
    );
    // A visitor, meanwhile, is served by the paused replica.
    expect(await visitorReads()).toEqual({
      profile: `First ${word} title`,
      search: `First ${word} title`,
    });
    const behind = await waitForHealth(
      'lag seen',
      (state) => (state.replica?.lagBytes ?? 0) > 0 && (state.replica?.lagMs ?? 0) > 0,
    );
    expect(behind.replica?.serving).toBe(true);
  });

  it('past the lag allowed, visitors read the primary; once caught up, the replica again', async () => {
    const stale = await waitForHealth(
      'replica dropped for its lag',
      (state) => state.replica?.serving === false,
      MAX_LAG_MS + 30_000,
    );
    expect(stale.replica?.lagMs).toBeGreaterThan(MAX_LAG_MS);
    expect(await visitorReads()).toEqual({
      profile: `Second ${word} title`,
      search: `Second ${word} title`,
    });
    await replicaAdmin.query('select pg_wal_replay_resume()');
    const caughtUp = await waitForHealth(
      'replica serving again',
      (state) => state.replica?.serving === true,
    );
    expect(caughtUp.replica?.lagMs).toBeLessThan(MAX_LAG_MS);
    expect(await visitorReads()).toEqual({
      profile: `Second ${word} title`,
      search: `Second ${word} title`,
    });
  });
});
