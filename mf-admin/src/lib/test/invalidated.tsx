import { createTestQueryClient } from '@promatch/shared/testing';
import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  analyticsKeys,
  announcementKeys,
  auditKeys,
  inboxKeys,
  moderationKeys,
  planKeys,
  settingKeys,
  staffKeys,
  userKeys,
  verificationKeys,
} from '../query-keys';

/** One cached query in each of the portal's domains, to see which of them a write marks stale. */
const SEEDED: Record<string, QueryKey> = {
  usersList: userKeys.list({ page: 1 }),
  userU1: userKeys.detail('u1'),
  userU2: userKeys.detail('u2'),
  audit: auditKeys.list(''),
  moderationQueue: moderationKeys.queue('open'),
  reportContext: moderationKeys.context('r1'),
  companies: verificationKeys.companyQueue('pending'),
  badgeRequests: verificationKeys.professionalQueue('pending'),
  announcements: announcementKeys.all,
  inboxContact: inboxKeys.items('contact_message', ''),
  inboxLeads: inboxKeys.items('lead', ''),
  staffRows: staffKeys.rows(),
  staffNames: staffKeys.names(),
  plans: planKeys.list(),
  settings: settingKeys.all,
  analytics: analyticsKeys.range({ from: '2026-11-01', to: '2026-11-28' }),
};

/** A query client holding every seeded query, none of them stale. */
export function seededClient(): QueryClient {
  const client = createTestQueryClient();
  for (const key of Object.values(SEEDED)) client.setQueryData(key, []);
  return client;
}

/** The seeded queries the client now holds as invalidated, by name, sorted. */
export function invalidated(client: QueryClient): string[] {
  return Object.entries(SEEDED)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

export function renderHookWith<T>(hook: () => T, client: QueryClient) {
  return renderHook(hook, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });
}
