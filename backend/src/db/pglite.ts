import path from 'node:path';
import { PGlite, type Transaction as PgliteTx } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { acquireDataDirLock } from './lockfile.ts';
import { Mutex } from './mutex.ts';
import { pgliteSetupThenQuery } from './pglite-pipelined.ts';
import type { Db, QueryResult, Queryable, Transaction } from './types.ts';

type Runner = Pick<PGlite | PgliteTx, 'query' | 'exec'>;

function wrap(runner: Runner): Transaction {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await runner.query<Row>(sql, params);
      return {
        rows: result.rows,
        affectedRows: result.affectedRows ?? 0,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string) {
      await runner.exec(sql);
    },
  };
}

/**
 * PGlite under `<dataDir>/pgdata`, guarded by a lockfile. PGlite is one connection: every
 * statement and transaction goes through one mutex so a request's transaction never interleaves
 * with another's statements, and a failed transaction is always rolled back before the next.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  const lock = acquireDataDirLock(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(path.join(dataDir, 'pgdata'), {
      extensions: { pg_trgm, pgcrypto, uuid_ossp },
    });
  } catch (error) {
    lock.release();
    throw error;
  }
  const mutex = new Mutex();
  const direct = wrap(pg);
  const unlocked: Queryable = direct;
  return {
    kind: 'pglite',
    query: (sql, params) => mutex.run(() => unlocked.query(sql, params)),
    exec: (sql) => mutex.run(() => direct.exec(sql)),
    transaction: (work, options) =>
      mutex.run(async () => {
        await pg.exec(options?.readOnly ? 'begin read only' : 'begin');
        try {
          const result = await work(direct);
          await pg.exec('commit');
          return result;
        } catch (error) {
          await pg.exec('rollback');
          throw error;
        }
      }),
    setupThenQuery: (setup, sql, params) =>
      mutex.run(() => pgliteSetupThenQuery(pg, setup, sql, params)),
    async listen(channel, onPayload) {
      // Inside the mutex: a LISTEN slipped into a request's transaction would be undone by its rollback.
      const unlisten = await mutex.run(() => pg.listen(channel, onPayload));
      return () => mutex.run(() => unlisten());
    },
    async close() {
      try {
        await pg.close();
      } finally {
        lock.release();
      }
    },
  };
}
