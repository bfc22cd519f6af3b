import { loadTimeChart } from '@promatch/shared/charts';
import type { PageData } from '../../../lib/page-data';
import { defaultInsightsRange, getBusinessInsights, insightsKeys } from './get-business-insights';

/** /business-intelligence: a business's figures for the page's first range, and the chart library. */
export const businessInsightsPageData: PageData = {
  chunks: loadTimeChart,
  queries: async ({ client, userId, accountType }) => {
    if (accountType !== 'business') return; // the page asks only for a business
    const range = defaultInsightsRange(new Date());
    await client.prefetchQuery({
      queryKey: insightsKeys.range(userId, range),
      queryFn: () => getBusinessInsights(range),
    });
  },
};
