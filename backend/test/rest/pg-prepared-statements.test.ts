/**
 * The one-round-trip read path on PostgreSQL keeps its statements prepared per connection: the
 * answers must be exactly those of freshly parsed statements — role and RLS per call, settings
 * gone after the call, new columns after DDL, recovery after errors and after DEALLOCATE.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { setupThenQuery } from '../../src/db/pg-pipelined.ts';
import { adminQuery, postgresAvailable } from '../support/test-server.ts';

jest.setTimeout(60_000);

const available = postgresAvailable();
if (!available)
  console.log('[test] SKIPPED prepared statements: nothing answers on 127.0.0.1:5432');

const setup = (role: string, sub: string) => ({
  sql: "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
  params: [role, JSON.stringify({ sub, role })],
});
const read =
  'select coalesce(json_agg(n order by n.content), $1::json)::text as body from pp_notes n';

(available ? describe : describe.skip)('prepared statements on the read path [postgres]', () => {
  const dbName = `c_prepared_${randomBytes(5).toString('hex')}`;
  let client: pg.Client;
  const alice = randomUUID();
  const bob = randomUUID();

  const body = async (role: string, sub: string) => {
    const result = await setupThenQuery(client as pg.PoolClient, setup(role, sub), read, ['[]']);
    return JSON.parse(result.rows[0].body as string) as Record<string, unknown>[];
  };
  const prepared = async () =>
    (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
      .rows[0].n;

  beforeAll(async () => {
    await adminQuery(`create database ${dbName}`);
    client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${dbName}` });
    await client.connect();
    await client.query(`
      do $$ begin
        if not exists (select from pg_roles where rolname = 'authenticated') then
          create role authenticated nologin;
        end if;
      end $$;
      create table pp_notes (user_id uuid not null, content text not null);
      alter table pp_notes enable row level security;
      create policy own on pp_notes for select to authenticated
        using (user_id = (current_setting('request.jwt.claims', true)::json ->> 'sub')::uuid);
      grant select on pp_notes to authenticated;
      insert into pp_notes values ('${alice}', 'a1'), ('${alice}', 'a2'), ('${bob}', 'b1');
    `);
  });

  afterAll(async () => {
    await client?.end();
    await adminQuery(`drop database if exists ${dbName} with (force)`);
  });

  it('reuses two statements while role and claims change on every call', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await body('authenticated', alice)).map((n) => n.content)).toEqual(['a1', 'a2']);
      expect((await body('authenticated', bob)).map((n) => n.content)).toEqual(['b1']);
      // The superuser bypasses RLS: the same statement, a different role, every row.
      expect(await body('postgres', alice)).toHaveLength(3);
    }
    expect(await prepared()).toBe(2);
    // Nothing set for the call survives it.
    const after = await client.query<{ role: string; claims: string | null }>(
      "select current_user as role, current_setting('request.jwt.claims', true) as claims",
    );
    expect(after.rows[0].role).toBe('postgres');
    expect(after.rows[0].claims ?? '').toBe('');
  });

  it('sees a column added after the statement was prepared', async () => {
    await body('authenticated', alice);
    await client.query("alter table pp_notes add column tag text not null default 'x'");
    expect((await body('authenticated', alice))[0]).toMatchObject({ content: 'a1', tag: 'x' });
  });

  it('recovers after a failing call and after DEALLOCATE ALL', async () => {
    await expect(
      setupThenQuery(client as pg.PoolClient, setup('no_such_role', alice), read, ['[]']),
    ).rejects.toThrow(/no_such_role/);
    expect(await body('authenticated', alice)).toHaveLength(2);
    await client.query('deallocate all');
    await expect(body('authenticated', alice)).rejects.toMatchObject({ code: '26000' });
    expect(await body('authenticated', alice)).toHaveLength(2);
    expect(await prepared()).toBe(2);
  });

  it('does not remember a statement whose parse failed', async () => {
    const bad = 'select no_such_column::text as body from pp_notes';
    for (let i = 0; i < 2; i++) {
      await expect(
        setupThenQuery(client as pg.PoolClient, setup('authenticated', alice), bad, []),
      ).rejects.toThrow(/no_such_column/);
    }
    expect(await body('authenticated', alice)).toHaveLength(2);
  });

  it('keeps at most 100 statements per connection, closing the least recently used', async () => {
    for (let i = 0; i < 150; i++) {
      await setupThenQuery(
        client as pg.PoolClient,
        setup('authenticated', alice),
        `select count(*) + ${i} as body from pp_notes`,
        [],
      );
    }
    expect(await body('authenticated', alice)).toHaveLength(2);
    expect(await prepared()).toBeLessThanOrEqual(101);
    await body('authenticated', alice); // sends the pending Close
    expect(await prepared()).toBeLessThanOrEqual(100);
  });
});
