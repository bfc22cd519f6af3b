import { getSupabaseClient, type Json } from '@promatch/shared';
import type { OutboxItem } from '../../../lib/outbox/outbox-store';
import type { SendResult } from '../utils/send-outbox';

/** One attempt at storing an outbox item through the idempotent send_message rpc. */
export async function sendOutboxItem(item: OutboxItem): Promise<SendResult> {
  const client = await getSupabaseClient();
  const { data, error, status } = await client
    .rpc('send_message', {
      p_client_id: item.clientId,
      p_content: item.content,
      ...(item.conversationId ? { p_conversation_id: item.conversationId } : {}),
      ...(item.recipientId && !item.conversationId ? { p_recipient_id: item.recipientId } : {}),
      ...(item.attachment ? { p_attachment: item.attachment as unknown as Json } : {}),
    })
    .single();
  if (error || !data) {
    return { ok: false, status, message: error?.message ?? 'The message was not sent.' };
  }
  return { ok: true, message: data };
}
