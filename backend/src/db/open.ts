import type { BackendConfig } from '../config/config.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite under `<dataDir>/pgdata`. */
export function openDb(
  config: Pick<BackendConfig, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<BackendConfig, 'databaseDirectUrl' | 'dbPooler'>>,
): Promise<Db> {
  if (!config.databaseUrl) return openPglite(config.dataDir);
  return openPostgres(config.databaseUrl, {
    listenUrl: config.databaseDirectUrl,
    namedStatements: config.dbPooler !== 'transaction',
  });
}
