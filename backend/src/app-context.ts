import type { BackendConfig } from './config/config.ts';
import type { Keys } from './config/keys.ts';
import type { ReadReplica } from './db/read-replica.ts';
import type { Db } from './db/types.ts';

/** What every API surface is built from. Created once in main.ts. */
export interface AppContext {
  config: BackendConfig;
  db: Db;
  keys: Keys;
  /** A streaming replica serving the public reads (PROMATCH_READ_REPLICA_URL), when set. */
  replica?: ReadReplica;
}
