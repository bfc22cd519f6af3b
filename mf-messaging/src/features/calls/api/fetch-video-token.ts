import { getSupabaseClient } from '@promatch/shared';
import { FunctionsHttpError } from '@supabase/supabase-js';
import type { CallTarget, TokenAnswer } from '../utils/providers/select-provider';

/** Asks the video-token function for a Twilio token for this call. */
export async function fetchVideoToken(target: CallTarget): Promise<TokenAnswer> {
  const client = await getSupabaseClient();
  const body = target.appointmentId
    ? { appointmentId: target.appointmentId }
    : { conversationId: target.conversationId };
  const { data, error } = await client.functions.invoke('video-token', { body });
  if (!error) return { status: 200, body: data as TokenAnswer['body'] };
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const answer = (await response.json().catch(() => null)) as TokenAnswer['body'];
    return { status: response.status, body: answer };
  }
  throw error;
}
