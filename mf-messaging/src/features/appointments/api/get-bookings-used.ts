import { getSupabaseClient, toAppError } from '@promatch/shared';
import { currentUsagePeriod } from '@promatch/shared/plans';
import { useQuery } from '@tanstack/react-query';
import { messagingKeys } from '../../../lib/query-keys';

/** Calls the user has booked this month, as the plan counts them (policy subscription_usage_select). */
export async function getBookingsUsed(userId: string): Promise<number> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('subscription_usage')
    .select('current_usage')
    .eq('user_id', userId)
    .eq('metric_name', 'bookings')
    .eq('period', currentUsagePeriod())
    .maybeSingle();
  if (error) throw toAppError(error);
  return data?.current_usage ?? 0;
}

export const useBookingsUsed = (userId: string) =>
  useQuery({
    queryKey: messagingKeys.bookingsUsed(userId),
    queryFn: () => getBookingsUsed(userId),
    enabled: userId !== '',
  });
