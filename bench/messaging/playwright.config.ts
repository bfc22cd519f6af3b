import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

/** The browser-to-browser messaging bench: the e2e stack (same global setup), one worker. */
export default defineConfig({
  testDir: '.',
  testMatch: /messaging-browser\.bench\.ts/,
  globalSetup: '../../e2e/support/global-setup.ts',
  timeout: 600_000,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: 'http://localhost:3000',
    launchOptions: chromiumLaunchOptions(),
  },
});
