import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import * as stack from '../../scripts/stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('a remote runs alone with its minimal host (npm run dev)', async ({ page }) => {
  test.setTimeout(90_000);
  const port = 3014;
  // The same command as `npm run dev -w mf-messaging`, on a spare port.
  const devServer = spawn(
    path.join(root, 'node_modules/.bin/rspack'),
    ['serve', '--mode', 'development', '--port', String(port)],
    {
      cwd: path.join(root, 'mf-messaging'),
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'development' },
    },
  );
  try {
    await stack.waitForUrl(`http://localhost:${port}/mf-manifest.json`, 60_000);
    await page.goto(`http://localhost:${port}/messages`);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('mf-messaging running standalone');
    await expect(page).toHaveTitle(/Professional Services Platform$/);
  } finally {
    await stack.stopProcess(devServer);
  }
});
