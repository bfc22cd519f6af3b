import type { ChildProcess } from 'node:child_process';
import type { RunningBackend } from './launch-backend.cjs';
import type { RunningPgbouncer } from './launch-pgbouncer.cjs';
import type { RunningReplica } from './launch-replica.cjs';

export interface ClusterOptions {
  /** The PostgreSQL database every instance uses (it must exist). */
  databaseUrl: string;
  /** How many backend instances. Default 2. */
  instances?: number;
  /** The proxy's port. Default: a free one. */
  port?: number;
  /** The instances' environment (default process.env); DATA_DIR and DATABASE_URL are set. */
  env?: NodeJS.ProcessEnv;
  /** Shared DATA_DIR (the signing key); default a new temporary folder, removed by stop(). */
  dataDir?: string;
  /** Forward the instances' output, labelled "backend 1", "backend 2"… Default 'none'. */
  forward?: 'none' | 'stderr' | 'all';
  readyTimeoutMs?: number;
  /** PgBouncer in transaction mode between the instances and PostgreSQL (Debian's pgbouncer). */
  pooler?: boolean;
  /** The pooler's server connections per database and user (default 10). */
  poolSize?: number;
  /** A streaming replica (pg_basebackup) serving the public reads; torn down by stop(). */
  replica?: boolean;
  /**
   * HTTP requests each instance takes at once; the rest queue in HAProxy (default 32; 0: no
   * limit, every request goes straight through).
   */
  serverMaxconn?: number;
  /** Append HAProxy's request log (one line per request, and server state changes) to this file. */
  proxyLog?: string;
}

export interface RunningCluster {
  /** The proxy: what clients use. */
  url: string;
  port: number;
  instances: RunningBackend[];
  proxy: ChildProcess;
  pooler?: RunningPgbouncer;
  replica?: RunningReplica;
  /** HAProxy's stats socket (`show stat`, operator level). */
  statsSocket: string;
  /** Stops the proxy and every instance still running. */
  stop(): Promise<void>;
}

export declare function launchCluster(options: ClusterOptions): Promise<RunningCluster>;
/** HAProxy's binary, or undefined when it is not installed. */
export declare function findHaproxy(env?: NodeJS.ProcessEnv): string | undefined;
export declare function haproxyConfig(
  port: number,
  backendPorts: number[],
  options?: { serverMaxconn?: number; statsSocket?: string; log?: boolean },
): string;
