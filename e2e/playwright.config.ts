import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['../scripts/test-reporters/slowest.cjs']],
  use: {
    baseURL: 'http://localhost:3000',
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'site', testIgnore: /(isolation|standalone|backend-restart|faults)\.spec\.ts/ },
    // Stops and restarts real app servers or the backend, so it runs alone after everything else,
    // one file at a time: a backend restart would break a test running beside it.
    {
      name: 'isolation',
      workers: 1,
      testMatch: /(isolation|standalone|backend-restart|faults)\.spec\.ts/,
      dependencies: ['site'],
    },
  ],
});
