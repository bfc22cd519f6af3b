import { expect, test } from '@playwright/test';
import {
  FIRST_RENDER_BUDGET,
  firstRenderFiles,
  REMOTE_ENTRY_BUDGET,
  remoteEntrySizes,
} from '../../scripts/check-budgets.mjs';

/**
 * Size budgets that guard themselves, read from the production build `npm run test:e2e` has just
 * made (no browser timing): the shell's first-render JavaScript from the build's chunk graph
 * (shared/federation/first-render-graph.cjs) and each remote's remoteEntry.js, gzip.
 * `node scripts/check-budgets.mjs` prints the same figures file by file.
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test("the shell's first-render JavaScript is at most 200 KB gzip", () => {
  const shell = firstRenderFiles();
  if (shell.error !== undefined) throw new Error(shell.error);
  const lines = [...shell.files]
    .sort((a, b) => b.bytes - a.bytes)
    .map((f) => `  ${kb(f.bytes).padStart(9)}  ${f.file}  (${f.reason})`);
  console.log(`shell JavaScript before first render: ${kb(shell.total)}\n${lines.join('\n')}`);
  expect(shell.total, `first-render JavaScript ${kb(shell.total)}`).toBeLessThanOrEqual(
    FIRST_RENDER_BUDGET,
  );
});

test('each remote’s remoteEntry.js is at most 40 KB gzip', () => {
  for (const { remote, bytes } of remoteEntrySizes()) {
    expect(bytes, `${remote} is built`).toBeDefined();
    console.log(`${remote}/remoteEntry.js: ${kb(bytes ?? 0)}`);
    expect(bytes ?? 0, `${remote}/remoteEntry.js`).toBeLessThanOrEqual(REMOTE_ENTRY_BUDGET);
  }
});
