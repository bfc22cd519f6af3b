import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useMutation } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';

export interface UnsubscribeInput {
  email: string;
  token: string;
}

/**
 * Asks the newsletter-unsubscribe function to unsubscribe the address; it checks the link's
 * signed token first. Resolves with the function's message.
 */
export async function unsubscribe(input: UnsubscribeInput): Promise<string> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.functions.invoke('newsletter-unsubscribe', {
    body: input,
  });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => ({}))) as {
        error?: string;
      };
      throw toAppError(body.error ?? error.message);
    }
    throw toAppError(error);
  }
  return (data as { message: string }).message;
}

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
