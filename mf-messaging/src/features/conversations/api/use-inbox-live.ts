import { getSupabaseClient } from '@promatch/shared';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messagingKeys } from './keys';

let channels = 0;

/**
 * Keeps the inbox and the unread count live: any change to the user's messages (row-level
 * security delivers only their conversations'), conversations, blocks or their contacts' presence
 * refreshes them. Also after a dropped connection is restored.
 */
export function useInboxLive(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let channel: RealtimeChannel | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Changes come in bursts (a message and its conversation's timestamp); refresh once.
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversationList() });
        void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(userId) });
      }, 50);
    };
    void getSupabaseClient().then((client) => {
      if (cancelled) return;
      channels += 1;
      channel = client.channel(`inbox:${userId}:${channels}`);
      for (const table of ['messages', 'conversations', 'user_presence', 'user_blocks']) {
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
      clearTimeout(timer);
      if (channel) void getSupabaseClient().then((client) => client.removeChannel(channel!));
    };
  }, [userId, queryClient]);
}
