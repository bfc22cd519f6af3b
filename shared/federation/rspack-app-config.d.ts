import type { Configuration } from '@rspack/core';

export declare const THEME_COLOUR: string;
export declare function createAppConfig(options: {
  appDir: string;
  exposes?: Record<string, string>;
  title?: string;
}): (env: unknown, argv: { mode?: 'development' | 'production' }) => Configuration;
