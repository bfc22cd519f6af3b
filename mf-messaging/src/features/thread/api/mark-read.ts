import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messagingKeys } from '../../../lib/query-keys';
import type { MessageRow } from '../../../lib/messages/message-row';

export async function markConversationRead(conversationId: string): Promise<number> {
  const client = await getSupabaseClient();
  const { data, error } = await client.rpc('mark_conversation_read', {
    p_conversation_id: conversationId,
  });
  if (error) throw toAppError(error);
  return data ?? 0;
}

/**
 * While the thread is on screen, messages that arrive for the reader are marked read (the
 * sender's receipts), and the inbox and header counts are refreshed.
 */
export function useMarkRead(
  conversationId: string | undefined,
  userId: string,
  messages: MessageRow[],
) {
  const queryClient = useQueryClient();
  const unread = messages.filter((m) => m.sender_id !== userId && !m.read_at).length;
  useEffect(() => {
    if (!conversationId || unread === 0) return;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      markConversationRead(conversationId).then(
        () => {
          void queryClient.invalidateQueries({ queryKey: messagingKeys.conversationList() });
          void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(userId) });
        },
        // Unsent receipts are tried again with the next message or when the tab comes back.
        () => undefined,
      );
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [conversationId, unread, userId, queryClient]);
}
