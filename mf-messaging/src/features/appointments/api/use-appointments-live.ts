import { getSupabaseClient } from '@promatch/shared';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messagingKeys } from '../../conversations/api/keys';

let channels = 0;

/**
 * Keeps appointments and reminders live: row-level security delivers only the user's own rows,
 * and any change refreshes the thread's cards, the upcoming list and the reminders.
 */
export function useAppointmentsLive(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let channel: RealtimeChannel | undefined;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.appointments() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.reminders(userId) });
    };
    void getSupabaseClient().then((client) => {
      if (cancelled) return;
      channels += 1;
      channel = client.channel(`appointments:${userId}:${channels}`);
      for (const table of ['appointments', 'notifications']) {
        channel.on('postgres_changes', { event: '*', schema: 'public', table }, refresh);
      }
      let joined = false;
      channel.subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        if (joined) refresh();
        joined = true;
      });
    });
    return () => {
      cancelled = true;
      if (channel) void getSupabaseClient().then((client) => client.removeChannel(channel!));
    };
  }, [userId, queryClient]);
}
