import type { PageData } from '../../../lib/page-data';
import { adminCheckOptions } from './use-admin-check';

/**
 * /testing-portal: the admin check the page waits on before it shows anything. The shell asks the
 * same (same key) only after the profile; asked here, it starts with the session. The probes
 * themselves stay un-prefetched: each visit measures the apps afresh.
 */
export const testingPortalPageData: PageData = {
  queries: async ({ client, userId }) => {
    await client.prefetchQuery(adminCheckOptions(userId));
  },
};
