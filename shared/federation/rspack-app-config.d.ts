import type { Configuration } from '@rspack/core';

export declare function createAppConfig(options: {
  appDir: string;
  exposes?: Record<string, string>;
  title?: string;
  /** The remote's server-side renderer, built for Node into dist-ssr/ (decision 0035). */
  serverEntry?: string;
  /**
   * Chunk names (an exposed module's is `__federation_expose_<Name>`) and provided shared modules
   * that every signed-in page of the app needs before it draws, and chunk names only some pages
   * need, by path: written to preload.json, which the shell's server names in a signed-in page's
   * HTML (decision 0138).
   */
  preload?: {
    always?: string[];
    shared?: string[];
    pages?: Record<string, string[]>;
  };
}): (
  env: unknown,
  argv: { mode?: 'development' | 'production' },
) => Configuration | Configuration[];
