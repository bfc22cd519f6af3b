import type { ChildProcess } from 'node:child_process';

export interface AppInfo {
  dir: string;
  federationName: string;
  port: number;
  label: string;
}
export interface StartOptions {
  ports?: Record<string, number>;
  backendPort?: number;
  env?: NodeJS.ProcessEnv;
  quiet?: boolean;
}
export declare const APPS: AppInfo[];
export declare const REMOTES: AppInfo[];
export declare const BACKEND_PORT: number;
export declare const ROOT: string;
export declare function backendAvailable(): boolean;
export declare function waitForUrl(url: string, timeoutMs?: number): Promise<void>;
export declare function startApp(
  app: AppInfo | undefined,
  options?: StartOptions,
): Promise<{ app: AppInfo; port: number; child: ChildProcess }>;
export declare function startBackend(
  options?: StartOptions,
): Promise<{ port: number; child: ChildProcess }>;
export declare function startCluster(
  options?: StartOptions,
): Promise<import('../backend/launcher/launch-cluster.cjs').RunningCluster>;
export declare function writeRuntimeFiles(env?: NodeJS.ProcessEnv): Promise<void>;
export declare function stopProcess(child: ChildProcess, signal?: NodeJS.Signals): Promise<void>;
