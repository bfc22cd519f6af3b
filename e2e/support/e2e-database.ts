import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { createMigratedDatabase } from '../../backend/test/support/postgres-template.ts';

const serverUrl = 'postgres://postgres@127.0.0.1:5432';
const prefix = 'pm_e2e_';

/**
 * The database the e2e backend runs on (decision 0166): PGlite in the data directory by default;
 * with `E2E_DATABASE=postgres`, a fresh PostgreSQL database for the run when 127.0.0.1:5432
 * answers (PGlite, and the output says so, when it does not).
 */
export interface E2eDatabase {
  kind: 'pglite' | 'postgres';
  /** Extra backend environment: DATABASE_URL on PostgreSQL, nothing on PGlite (DATA_DIR holds it). */
  env: Record<string, string>;
  /** Drops the run's database (after the backend stopped); nothing on PGlite. */
  drop(): Promise<void>;
}

function postgresAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(5432, '127.0.0.1');
    socket.setTimeout(3000, () => socket.destroy(new Error('timeout')));
    socket.on('connect', () => resolve(true)).on('error', () => resolve(false));
    socket.on('connect', () => socket.end());
  });
}

async function chooseKind(): Promise<{ kind: E2eDatabase['kind']; why: string }> {
  const wanted = process.env.E2E_DATABASE ?? 'pglite';
  if (wanted !== 'pglite' && wanted !== 'postgres') {
    throw new Error(`E2E_DATABASE must be pglite or postgres, not ${wanted}`);
  }
  if (wanted === 'pglite') {
    return {
      kind: 'pglite',
      why: process.env.E2E_DATABASE ? 'E2E_DATABASE=pglite' : 'the default',
    };
  }
  if (await postgresAnswers()) return { kind: 'postgres', why: 'E2E_DATABASE=postgres' };
  return { kind: 'pglite', why: 'E2E_DATABASE=postgres, but 127.0.0.1:5432 does not answer' };
}

async function withAdmin(work: (admin: pg.Client) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
}

/**
 * Drops the databases of runs killed before their teardown. Safe: the site's fixed ports let only
 * one e2e run live on a machine, and global-setup has just checked that they are free.
 */
async function dropLeftovers(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    'select datname from pg_database where starts_with(datname, $1)',
    [prefix],
  );
  for (const { datname } of rows) await dropDatabase(admin, datname);
}

export async function prepareE2eDatabase(backendEnv: NodeJS.ProcessEnv): Promise<E2eDatabase> {
  const { kind, why } = await chooseKind();
  if (kind === 'pglite') {
    console.log(`e2e backend database: PGlite (${why})`);
    return { kind: 'pglite', env: {}, drop: async () => undefined };
  }
  const name = `${prefix}${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdmin(dropLeftovers);
  await createMigratedDatabase(name, backendEnv, undefined);
  console.log(`e2e backend database: PostgreSQL ${name} (${why}; dropped at teardown)`);
  return {
    kind: 'postgres',
    env: { DATABASE_URL: `${serverUrl}/${name}` },
    drop: () => withAdmin((admin) => dropDatabase(admin, name)),
  };
}
