import type { ChildProcess } from 'node:child_process';

export interface PgbouncerOptions {
  /** The PostgreSQL server behind it (default 127.0.0.1:5432, user postgres). */
  server?: { host?: string; port?: number; user?: string };
  /** The pooler's port. Default: a free one. */
  port?: number;
  /** Server connections per database and user (default 10). */
  poolSize?: number;
  /** Client connections accepted (default 4000). */
  maxClientConnections?: number;
  env?: NodeJS.ProcessEnv;
}

export interface RunningPgbouncer {
  port: number;
  child: ChildProcess;
  /** A connection string for a database through the pooler. */
  url(database: string): string;
  /** What PgBouncer printed (the last 20,000 characters). */
  log(): string;
  /** Stops PgBouncer and removes its folder. */
  stop(): Promise<void>;
}

export declare function launchPgbouncer(options?: PgbouncerOptions): Promise<RunningPgbouncer>;
/** PgBouncer's binary, or undefined when it is not installed. */
export declare function findPgbouncer(env?: NodeJS.ProcessEnv): string | undefined;
export declare function pgbouncerConfig(options: {
  port: number;
  dir: string;
  server: { host: string; port: number; user: string };
  poolSize: number;
  maxClientConnections: number;
}): string;
