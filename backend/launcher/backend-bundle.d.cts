/**
 * The path of a bundle of backend/src/main.ts built from the sources as they are now (built
 * first if there is none); rejects if esbuild fails.
 */
export declare function ensureBackendBundle(): Promise<string>;
/** The hash in the bundle's name: every source file's path and contents under `root`. */
export declare function sourceHash(root?: string, files?: string[]): string;
/** backend/.bundle, where bundles are kept. */
export declare const bundleDir: string;
