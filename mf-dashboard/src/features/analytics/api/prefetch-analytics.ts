import { loadTimeChart } from '@promatch/shared/charts';
import type { PageData } from '../../../lib/page-data';
import { analyticsKeys, defaultAnalyticsRange, getMyAnalytics } from './get-my-analytics';

/** /analytics-dashboard: the figures for the page's first range, and the chart library. */
export const analyticsPageData: PageData = {
  chunks: loadTimeChart,
  queries: ({ client, userId }) => {
    const range = defaultAnalyticsRange(new Date());
    return client.prefetchQuery({
      queryKey: analyticsKeys.range(userId, range),
      queryFn: () => getMyAnalytics(range),
    });
  },
};
