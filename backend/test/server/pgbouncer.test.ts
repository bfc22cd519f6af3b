/**
 * The backend behind PgBouncer in transaction mode (backend/launcher/launch-pgbouncer.cjs):
 * DATABASE_URL through the pooler with PROMATCH_DB_POOLER=transaction, LISTEN on
 * DATABASE_DIRECT_URL (decision 0217). The pool is kept at three server connections, fewer than
 * the backend's ten client connections, so requests really share server connections.
 *
 * What must hold: sign-up and sign-in, REST reads and writes under row security, RPCs, and a
 * realtime change, each answering right for each caller while many run at once (a role or claims
 * left behind on a shared server connection would show another user's rows). And why the setting
 * is needed: with statements kept prepared, two clients soon collide on one server connection.
 *
 * Needs PostgreSQL on 127.0.0.1:5432 and Debian's pgbouncer (.ci/run installs it); skipped,
 * saying so, without them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { findPgbouncer, launchPgbouncer } from '../../launcher/launch-pgbouncer.cjs';
import { openPostgres } from '../../src/db/postgres.ts';
import { must, newClient } from '../support/fixtures-rls-world.ts';
import { makeUsers, sleep, type RtUser } from '../support/realtime-helpers.ts';
import { postgresAvailable, startTestServer, type TestServer } from '../support/test-server.ts';

jest.setTimeout(180_000);

const ready = postgresAvailable() && findPgbouncer() !== undefined;
if (!ready)
  console.log(
    `[test] SKIPPED pgbouncer: ${
      postgresAvailable()
        ? "pgbouncer is not installed (apt-get install -y pgbouncer, Debian's package)"
        : 'nothing answers on 127.0.0.1:5432'
    }`,
  );
const describeBouncer = ready ? describe : describe.skip;

const POOL_SIZE = 3;

describeBouncer('the backend behind PgBouncer in transaction mode', () => {
  let bouncer: Awaited<ReturnType<typeof launchPgbouncer>>;
  let server: TestServer;
  let users: RtUser[] = [];
  const databaseName = `pm_bouncer_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    bouncer = await launchPgbouncer({ poolSize: POOL_SIZE });
    server = await startTestServer({
      db: 'postgres',
      databaseName,
      databaseEnv: (directUrl) => ({
        DATABASE_URL: bouncer.url(databaseName),
        DATABASE_DIRECT_URL: directUrl,
        PROMATCH_DB_POOLER: 'transaction',
      }),
    });
    users = await makeUsers(server, 6);
  }, 180_000);

  afterAll(async () => {
    for (const user of users) {
      await user.client.removeAllChannels();
      user.client.realtime.disconnect();
    }
    await server?.stop();
    await bouncer?.stop();
  }, 60_000);

  it('signs up and signs in through the pooler', async () => {
    const email = `bouncer-${randomUUID().slice(0, 8)}@example.com`;
    const service = newClient(server, server.serviceRoleKey);
    const created = await service.auth.admin.createUser({
      email,
      password: 'pooled-password-1',
      email_confirm: true,
      user_metadata: { account_type: 'professional', name: 'Pooled Person' },
    });
    expect(created.error).toBeNull();
    const client = newClient(server, server.anonKey);
    const signedIn = await client.auth.signInWithPassword({ email, password: 'pooled-password-1' });
    expect(signedIn.error).toBeNull();
    const user = await client.auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user?.id).toBe(created.data.user?.id);
    expect(signedIn.data.user?.id).toBe(created.data.user?.id);
    const wrong = await newClient(server, server.anonKey).auth.signInWithPassword({
      email,
      password: 'not-the-password',
    });
    expect(wrong.error?.status).toBe(400);
  });

  it('answers every caller with their own rows while many requests share three server connections', async () => {
    // Each user writes a title of their own, then all read their own profile many times at once.
    await Promise.all(
      users.map(async (user) =>
        must(
          await user.client
            .from('profiles')
            .update({ title: `Title of ${user.id}` })
            .eq('id', user.id),
          'own title',
        ),
      ),
    );
    const reads = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const user = users[i % users.length];
        // No filter: row security alone decides, so a role or claims left on a server
        // connection by another request would show here.
        const { data, error } = await user.client.from('notifications').select('user_id').limit(1);
        if (error) throw new Error(error.message);
        const own = must(
          await user.client.from('profiles').select('id, title').eq('id', user.id).single(),
          'own profile',
        ) as { id: string; title: string };
        return { user: user.id, notifications: data as { user_id: string }[], own };
      }),
    );
    for (const read of reads) {
      expect(read.own.title).toBe(`Title of ${read.user}`);
      for (const row of read.notifications) expect(row.user_id).toBe(read.user);
    }
    // The pooler really shared: the backend's connections ran on at most POOL_SIZE server ones.
    const admin = new pg.Client({ connectionString: bouncer.url('pgbouncer') });
    await admin.connect();
    try {
      const servers = (await admin.query('SHOW SERVERS')).rows as { database: string }[];
      expect(servers.filter((row) => row.database === databaseName).length).toBeLessThanOrEqual(
        POOL_SIZE,
      );
    } finally {
      await admin.end();
    }
  });

  it('runs RPCs and delivers a realtime change (LISTEN on the direct connection)', async () => {
    const [business, professional] = users;
    const received: string[] = [];
    const subscribed = new Promise<void>((resolve) => {
      professional.client
        .channel(`bouncer-${randomUUID()}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, (event) =>
          received.push((event.new as { content: string }).content),
        )
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') resolve();
        });
    });
    await subscribed;
    const content = `through the pooler ${randomUUID()}`;
    must(
      await business.client.rpc('send_message', {
        p_client_id: randomUUID(),
        p_recipient_id: professional.id,
        p_content: content,
      }),
      'send_message',
    );
    const deadline = Date.now() + 10_000;
    while (!received.includes(content)) {
      if (Date.now() > deadline) throw new Error(`no realtime insert: ${JSON.stringify(received)}`);
      await sleep(50);
    }
    const search = must(
      await newClient(server, server.anonKey).rpc('search_professionals', { p_query: null }),
      'search',
    ) as { total: number };
    expect(typeof search.total).toBe('number');
  });

  it('statements kept prepared collide on a shared server connection; unnamed ones do not', async () => {
    const url = bouncer.url(databaseName);
    const run = async (namedStatements: boolean) => {
      const db = await openPostgres(url, { namedStatements, max: 4 });
      try {
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) =>
            db.setupThenQuery!(
              { sql: `select set_config('app.n', $1, true)`, params: [String(i)] },
              `select current_setting('app.n') as n, ${i} as i`,
              [],
            ),
          ),
        );
        return results;
      } finally {
        await db.close();
      }
    };
    const named = await run(true);
    expect(named.some((result) => result.status === 'rejected')).toBe(true);
    const unnamed = await run(false);
    expect(unnamed.every((result) => result.status === 'fulfilled')).toBe(true);
    for (const result of unnamed) {
      if (result.status !== 'fulfilled') continue;
      const row = result.value.rows[0] as { n: string; i: number };
      expect(row.n).toBe(String(row.i));
    }
  });
});
