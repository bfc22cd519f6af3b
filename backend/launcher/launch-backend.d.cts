import type { ChildProcess } from 'node:child_process';

export interface LaunchOptions {
  /** The child's whole environment (default process.env); PORT and HOST are set from below. */
  env?: NodeJS.ProcessEnv;
  /** Default: a free port picked by the OS. */
  port?: number;
  /** Interface to listen on. Default: env.HOST, else 127.0.0.1. */
  host?: string;
  /**
   * What of the server's output also goes to this process's stdout/stderr. It is always kept
   * (see RunningBackend.log). Default 'none'.
   */
  forward?: 'none' | 'stderr' | 'all';
  /** Prefix for forwarded lines, e.g. 'backend' gives "[backend] ...". */
  label?: string;
  /** How long to wait for /health before giving up. Default 90 s. */
  readyTimeoutMs?: number;
}

export interface RunningBackend {
  /** http://host:port, with 127.0.0.1 standing for a wildcard host. */
  url: string;
  port: number;
  child: ChildProcess;
  /** The server process itself (no wrapper in between). */
  pid: number;
  /** Milliseconds from spawn until /health answered (migrations and seeding included). */
  readyMs: number;
  /** The last 200,000 characters the server printed (for failure messages). */
  log(): string;
  /**
   * SIGTERM by default (graceful: closes the database, removes the data-directory lock); SIGKILL
   * if it is still running 8 s later. Resolves once the process has exited.
   */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export declare function launchBackend(options?: LaunchOptions): Promise<RunningBackend>;
export declare function freePort(): Promise<number>;
/** Sends `signal` and resolves on exit; SIGKILL after `graceMs` (default 8 s). */
export declare function stopChild(
  child: ChildProcess,
  signal?: NodeJS.Signals,
  graceMs?: number,
): Promise<void>;
/** The repository's root folder. */
export declare const repoRoot: string;
/** backend/src/main.ts, the server's entry point. */
export declare const backendMain: string;
