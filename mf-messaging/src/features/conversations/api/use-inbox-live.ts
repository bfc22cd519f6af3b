import { useTableChanges } from '@promatch/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { messagingKeys } from '../../../lib/query-keys';

const TABLES = ['messages', 'conversations', 'user_presence', 'user_blocks'] as const;

/**
 * Keeps the inbox and the unread count live: any change to the user's messages (row-level
 * security delivers only their conversations'), conversations, blocks or their contacts' presence
 * refreshes them. Also after a dropped connection is restored.
 */
export function useInboxLive(userId: string | undefined) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Changes come in bursts (a message and its conversation's timestamp); refresh once.
  useTableChanges(userId && `inbox:${userId}`, TABLES, () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversationList() });
      if (userId) void queryClient.invalidateQueries({ queryKey: messagingKeys.unread(userId) });
    }, 50);
  });
}
