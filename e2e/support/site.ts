import { expect, type Page } from '@playwright/test';

export const TITLE_SUFFIX = 'Professional Services Platform';

/** URLs of every resource the page fetched: shows which remote served the page. */
export function fetchedResources(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
}

export const REMOTE_PORTS = {
  mf_marketing: 3001,
  mf_auth: 3002,
  mf_dashboard: 3003,
  mf_messaging: 3004,
  mf_admin: 3005,
} as const;

export type RemoteName = keyof typeof REMOTE_PORTS;

export const remoteEntryUrl = (remote: RemoteName, port: number = REMOTE_PORTS[remote]) =>
  `http://localhost:${port}/remoteEntry.js`;

/**
 * Waits until the live app has taken over a server-rendered page: React has hydrated it and the
 * remote's page has reported itself (decision 0108). Immediate for a page rendered in the browser.
 */
export async function expectLivePage(page: Page): Promise<void> {
  await expect(page.locator('#root[data-server-rendered]')).toHaveCount(0);
}

/**
 * Keeps the shell's entry script from arriving until the returned function is called, so a test
 * can act on the server-rendered page before any of the site's JavaScript has run.
 */
export async function holdShellScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
