import { getSupabaseClient, toAppError } from '@promatch/shared';

/**
 * Keeps the finished call in the conversation as an event with its length. Both parties report
 * it under the id they share; the database keeps one.
 */
export async function recordCall(callId: string, conversationId: string, seconds: number) {
  const client = await getSupabaseClient();
  const { error } = await client.rpc('record_call', {
    p_call_id: callId,
    p_conversation_id: conversationId,
    p_seconds: seconds,
  });
  if (error) throw toAppError(error);
}
