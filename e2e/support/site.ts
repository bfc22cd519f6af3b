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
