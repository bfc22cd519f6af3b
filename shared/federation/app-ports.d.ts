export interface AppInfo {
  dir: string;
  federationName: string;
  port: number;
  label: string;
}
export declare const APPS: AppInfo[];
export declare const REMOTES: AppInfo[];
export declare const BACKEND_PORT: number;
