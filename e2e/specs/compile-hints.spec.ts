import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { firstRenderFiles } from '../../scripts/check-budgets.mjs';
import { ROOT } from '../../scripts/stack.mjs';

/**
 * The production build marks what a page runs while it loads with V8's compile hint
 * (shared/federation/compile-hints.cjs), and only that: read from the build `npm run test:e2e`
 * has just made.
 */
const HINT = '//# allFunctionsCalledOnLoad\n';
const read = (app: string, file: string) =>
  readFileSync(path.join(ROOT, app, 'dist', file), 'utf8');
const hinted = (app: string, file: string) => read(app, file).startsWith(HINT);

test('every file of the shell’s first render carries the compile hint', () => {
  const shell = firstRenderFiles();
  if (shell.error !== undefined) throw new Error(shell.error);
  expect(shell.files.length).toBeGreaterThan(3);
  for (const { file } of shell.files) expect(hinted('shell', file), file).toBe(true);
});

test('lazily loaded chunks are left to lazy compilation', () => {
  const shell = firstRenderFiles();
  if (shell.error !== undefined) throw new Error(shell.error);
  const firstRender = new Set(shell.files.map((f) => f.file));
  const lazy = readdirSync(path.join(ROOT, 'shell/dist')).filter(
    (file) => file.endsWith('.js') && !firstRender.has(file) && file !== 'sw.js',
  );
  expect(lazy.filter((file) => file !== 'intl-warm-up.js').length).toBeGreaterThan(0);
  for (const file of lazy) expect(hinted('shell', file), file).toBe(false);
});

test('each remote’s container entry carries it, for the page it draws', () => {
  for (const remote of ['mf-marketing', 'mf-auth', 'mf-dashboard', 'mf-messaging', 'mf-admin']) {
    expect(hinted(remote, 'remoteEntry.js'), remote).toBe(true);
  }
});

test('source maps still point at the right lines', () => {
  const main = readdirSync(path.join(ROOT, 'shell/dist')).find((f) => /^main\..+\.js$/.test(f));
  if (!main) throw new Error('no shell main.js in the build');
  const map = JSON.parse(read('shell', `${main}.map`)) as { mappings: string };
  // The hint is line 1 of the file, so the first line has no mappings.
  expect(map.mappings.startsWith(';')).toBe(true);
});
