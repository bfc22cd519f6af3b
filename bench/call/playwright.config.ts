import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

/** The call-connect bench: the e2e stack (same global setup), one worker, figures on stdout. */
export default defineConfig({
  testDir: '.',
  testMatch: /call-connect\.bench\.ts/,
  globalSetup: '../../e2e/support/global-setup.ts',
  timeout: 300_000,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: 'http://localhost:3000',
    launchOptions: {
      ...chromiumLaunchOptions(),
      args: [
        ...chromiumLaunchOptions().args,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
});
