import type { Page } from '@playwright/test';

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
