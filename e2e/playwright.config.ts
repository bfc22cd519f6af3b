import { defineConfig } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser (DESIGN.md, Testing). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: 'http://localhost:3000',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'site', testIgnore: /(isolation|standalone)\.spec\.ts/ },
    // Stops and restarts real app servers, so it runs alone after everything else.
    { name: 'isolation', testMatch: /(isolation|standalone)\.spec\.ts/, dependencies: ['site'] },
  ],
});
