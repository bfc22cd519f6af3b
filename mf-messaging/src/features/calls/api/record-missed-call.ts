import { getSupabaseClient, toAppError } from '@promatch/shared';

/** How long someone waits alone in the call before leaving counts as the other missing it. */
export const MISSED_CALL_AFTER_MS = 15_000;

/**
 * Tells the other participant they missed the call: the caller waited in the conversation's call
 * and left before anyone joined. The database writes at most one such notification per
 * conversation in 10 minutes.
 */
export async function recordMissedCall(conversationId: string): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client.rpc('record_missed_call', { p_conversation_id: conversationId });
  if (error) throw toAppError(error);
}
