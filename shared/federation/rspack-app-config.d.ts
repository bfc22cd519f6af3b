import type { Configuration } from '@rspack/core';

export declare function createAppConfig(options: {
  appDir: string;
  exposes?: Record<string, string>;
  title?: string;
  /** The remote's server-side renderer, built for Node into dist-ssr/ (decision 0035). */
  serverEntry?: string;
}): (
  env: unknown,
  argv: { mode?: 'development' | 'production' },
) => Configuration | Configuration[];
