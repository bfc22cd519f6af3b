/**
 * One jest run covers every workspace. Browser apps run in jsdom, the backend in node.
 * Each project keeps its tests beside the code they test (`*.test.ts(x)`).
 */
const os = require('node:os');
const path = require('node:path');

const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// ESM-only packages that jest (CommonJS) must transform before it can load them (openid-client
// and its oauth4webapi: the auth server's provider sign-in).
const esmPackages = ['jose', 'openid-client', 'oauth4webapi'].join('|');

const browserApp = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: { '^.+\\.(t|j)sx?$': swcTransform },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  setupFilesAfterEnv: ['<rootDir>/../jest.setup.browser.ts'],
  moduleNameMapper: {
    '^@module-federation/enhanced/runtime$': path.join(
      __dirname,
      'shared/src/testing/federation-runtime-mock.ts',
    ),
  },
});

module.exports = {
  // Jest reads the per-test timeout only from the global config. Backend tests drive a real
  // server and database, and component tests type into forms with user-event; on a shared
  // two-core machine either can pass 5 s without anything being wrong.
  testTimeout: 30_000,
  // Jest's default (one worker fewer than the cores) runs everything in one process on a two-core
  // machine, and a backend file spends much of its time waiting for its server child: two workers
  // keep both cores busy (docs/benchmarks/test-suite.md). Every file already has its own ports,
  // data directories and database names, so files in parallel never share state.
  maxWorkers: Math.max(2, os.availableParallelism()),
  reporters: ['default', '<rootDir>/scripts/test-reporters/slowest.cjs'],
  projects: [
    ...[
      'shared',
      'shell',
      'mf-marketing',
      'mf-auth',
      'mf-dashboard',
      'mf-messaging',
      'mf-admin',
    ].map(browserApp),
    {
      displayName: 'tooling',
      rootDir: '<rootDir>/scripts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swcTransform },
    },
    {
      displayName: 'server',
      rootDir: '<rootDir>/server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swcTransform },
    },
    {
      displayName: 'backend',
      rootDir: '<rootDir>/backend',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swcTransform },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
    },
  ],
};
