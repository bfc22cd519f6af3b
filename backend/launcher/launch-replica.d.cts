export interface ReplicaOptions {
  /** The primary to copy (default 127.0.0.1:5432 as postgres). */
  primary?: { host?: string; port?: number; user?: string };
  /** The replica's port. Default: a free one. */
  port?: number;
  /** Where its temporary folder goes (default the OS's temporary folder). */
  parentDir?: string;
  /** shared_buffers (default 128MB). */
  sharedBuffers?: string;
  /** More postgresql.conf lines. */
  settings?: string[];
  env?: NodeJS.ProcessEnv;
}

export interface RunningReplica {
  port: number;
  /** The temporary folder (data directory, log, socket); removed by stop(). */
  dir: string;
  dataDir: string;
  /** How long pg_basebackup took, in ms. */
  backupMs: number;
  /** A connection string for a database on the replica. */
  url(database: string): string;
  /** Stops the replica's postgres and removes its folder. */
  stop(): Promise<void>;
}

export declare function launchReplica(options?: ReplicaOptions): Promise<RunningReplica>;
/** The folder with pg_basebackup, pg_ctl, postgres and psql, or undefined. */
export declare function findPgBinDir(env?: NodeJS.ProcessEnv): string | undefined;
