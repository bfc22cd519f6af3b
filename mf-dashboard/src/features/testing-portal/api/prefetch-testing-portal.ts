import { adminCheckOptions } from '@promatch/shared/admin';
import type { PageData } from '../../../lib/page-data';
import { startProbes } from './probes-on-navigation';

/**
 * /testing-portal: the admin check the page waits on before it shows anything, and beside it the
 * apps' and the backend's probes, so they no longer wait for that check's answer and the page's
 * render. The shell asks the same admin check (same key) only after the page's data; asked here,
 * it starts with the session. The probes are handed once to the page (probes-on-navigation.ts):
 * each visit still measures the apps afresh.
 */
export const testingPortalPageData: PageData = {
  queries: async ({ client, userId }) => {
    await Promise.all([client.prefetchQuery(adminCheckOptions(userId)), startProbes()]);
  },
};
