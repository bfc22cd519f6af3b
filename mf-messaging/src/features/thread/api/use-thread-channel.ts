import { getSupabaseClient } from '@promatch/shared';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messagingKeys } from '../../../lib/query-keys';
import type { MessageRow } from '../../../lib/messages/message-row';
import { addMessageToThread } from '../../../lib/messages/thread-cache';

/** How long "is typing" stays up after the last keystroke signal, and how often we send one. */
export const TYPING_VISIBLE_MS = 3000;
export const TYPING_SEND_EVERY_MS = 1500;

/**
 * The conversation's private realtime channel (only its two participants may join): new
 * messages and read receipts as row changes, and typing signals as broadcasts.
 *
 * Every time the channel is (re)subscribed the thread is fetched again: after a dropped
 * connection that brings what was sent meanwhile, and on the first join it brings what was sent
 * between the thread's first read and the channel going live. A change that arrives while such a
 * fetch is in flight is applied again once it lands, as the fetch's rows (read before that
 * change) replace the cached ones. bench/realtime-cluster.ts kills an instance under a thousand
 * such threads and counts what each one missed.
 */
export function useThreadChannel(conversationId: string | undefined, userId: string) {
  const queryClient = useQueryClient();
  const channelRef = useRef<RealtimeChannel | null>(null);
  const [partnerTypingAt, setPartnerTypingAt] = useState<number | null>(null);
  const lastTypingSent = useRef(0);

  useEffect(() => {
    if (!conversationId) return;
    let cancelled = false;
    let channel: RealtimeChannel | undefined;
    /** Rows that arrived live while the thread was being fetched again. */
    let arrivedDuringFetch: Map<string, MessageRow> | undefined;
    const fetchAgain = () => {
      const arrived = new Map<string, MessageRow>();
      arrivedDuringFetch = arrived;
      void queryClient
        .invalidateQueries({ queryKey: messagingKeys.thread(conversationId) })
        .finally(() => {
          if (arrivedDuringFetch === arrived) arrivedDuringFetch = undefined;
          for (const row of arrived.values()) addMessageToThread(queryClient, row);
        });
    };
    const onRow = (payload: { new: Partial<MessageRow> }) => {
      const row = payload.new as MessageRow;
      if (!row?.id) return;
      addMessageToThread(queryClient, row);
      arrivedDuringFetch?.set(row.id, row);
      if (row.sender_id !== userId) setPartnerTypingAt(null);
    };
    void getSupabaseClient().then((client) => {
      if (cancelled) return;
      channel = client
        .channel(`conversation:${conversationId}`, { config: { private: true } })
        .on(
          'postgres_changes',
          {
            event: 'INSERT',
            schema: 'public',
            table: 'messages',
            filter: `conversation_id=eq.${conversationId}`,
          },
          onRow,
        )
        .on(
          'postgres_changes',
          {
            event: 'UPDATE',
            schema: 'public',
            table: 'messages',
            filter: `conversation_id=eq.${conversationId}`,
          },
          onRow,
        )
        .on('broadcast', { event: 'typing' }, ({ payload }) => {
          if ((payload as { userId?: string }).userId !== userId) setPartnerTypingAt(Date.now());
        })
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') fetchAgain();
        });
      channelRef.current = channel;
    });
    return () => {
      cancelled = true;
      channelRef.current = null;
      if (channel) void getSupabaseClient().then((client) => client.removeChannel(channel!));
    };
  }, [conversationId, userId, queryClient]);

  useEffect(() => {
    if (partnerTypingAt === null) return;
    const timer = setTimeout(() => setPartnerTypingAt(null), TYPING_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [partnerTypingAt]);

  const signalTyping = useCallback(() => {
    const now = Date.now();
    if (!channelRef.current || now - lastTypingSent.current < TYPING_SEND_EVERY_MS) return;
    lastTypingSent.current = now;
    void channelRef.current.send({ type: 'broadcast', event: 'typing', payload: { userId } });
  }, [userId]);

  return { partnerTyping: partnerTypingAt !== null, signalTyping };
}
