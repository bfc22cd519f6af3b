import { getSupabaseClient, toast } from '@promatch/shared';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messagingKeys } from '../../../lib/query-keys';
import type { Reminder } from './reminders';

let channels = 0;

/**
 * Shows each new reminder as a toast on whatever page the user is on (the header's badge runs
 * this on every signed-in page). Row-level security delivers only the user's own notifications.
 */
export function useReminderToasts(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let channel: RealtimeChannel | undefined;
    void getSupabaseClient().then((client) => {
      if (cancelled) return;
      channels += 1;
      // Private: only this user may join reminders:<their id> (policies on realtime.messages).
      channel = client.channel(`reminders:${userId}:${channels}`, { config: { private: true } });
      channel.on<Reminder>(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'notifications' },
        ({ new: reminder }) => {
          if (reminder.user_id !== userId) return;
          toast({ title: reminder.title, description: reminder.body });
          void queryClient.invalidateQueries({ queryKey: messagingKeys.reminders(userId) });
        },
      );
      channel.subscribe();
    });
    return () => {
      cancelled = true;
      if (channel) void getSupabaseClient().then((client) => client.removeChannel(channel!));
    };
  }, [userId, queryClient]);
}
