import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { analyticsKeys } from '../../../lib/query-keys';
import type { DayFigures } from '../utils/analytics-csv';

export interface DayRange {
  from: string;
  to: string;
}

/** Platform figures per day (UTC) from the database, both days included. */
export function getPlatformAnalytics(range: DayRange): Promise<DayFigures[]> {
  return callAdminRpc<DayFigures[]>('admin_platform_analytics', {
    p_from: range.from,
    p_to: range.to,
  });
}

export const platformAnalyticsQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: analyticsKeys.range(range),
    queryFn: () => getPlatformAnalytics(range),
  });

export function usePlatformAnalytics(range: DayRange) {
  return useQuery(platformAnalyticsQueryOptions(range));
}
