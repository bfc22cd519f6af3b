export declare const FIRST_RENDER_BUDGET: number;
export declare const REMOTE_ENTRY_BUDGET: number;
export interface FirstRenderFile {
  file: string;
  reason: string;
  bytes: number;
}
export declare function firstRenderFiles(
  root?: string,
):
  | { error: string; files?: undefined; total?: undefined }
  | { error?: undefined; files: FirstRenderFile[]; total: number };
export declare function remoteEntrySizes(
  root?: string,
): { remote: string; bytes: number | undefined }[];
