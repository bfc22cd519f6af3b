import { useTableChanges } from '@promatch/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { messagingKeys } from '../../../lib/query-keys';

const TABLES = ['appointments', 'notifications'] as const;

/**
 * Keeps appointments and reminders live: row-level security delivers only the user's own rows,
 * and any change refreshes the thread's cards, the upcoming list and the reminders.
 */
export function useAppointmentsLive(userId: string | undefined) {
  const queryClient = useQueryClient();
  useTableChanges(userId && `appointments:${userId}`, TABLES, () => {
    void queryClient.invalidateQueries({ queryKey: messagingKeys.appointments() });
    if (userId) void queryClient.invalidateQueries({ queryKey: messagingKeys.reminders(userId) });
  });
}
