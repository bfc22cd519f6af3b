import {
  clearRecoveryStorage,
  createRecoveryClient,
  getSupabaseClient,
  needsSecondFactor,
} from '@promatch/shared';
import type { Session, SupabaseClient } from '@supabase/supabase-js';

interface Recovery {
  client: SupabaseClient;
  session: Session;
}

const exchanges = new Map<string, Promise<Recovery>>();

/** Trades the link's code for a recovery session once, even if the page mounts twice. */
export function exchangeRecoveryCode(code: string): Promise<Recovery> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = createRecoveryClient().then(async (client) => {
      const { data, error } = await client.auth.exchangeCodeForSession(code);
      if (error || !data.session) throw error ?? new Error('No session for this link');
      return { client, session: data.session };
    });
    exchanges.set(code, exchange);
  }
  return exchange;
}

export type ResetOutcome = 'signed-in' | 'second-factor-needed';

/**
 * Sets the new password with the recovery session, then signs the user in on the page's client.
 * A user with an authenticator is not signed in by a link alone: they sign in with the code.
 */
export async function completePasswordReset(code: string, password: string): Promise<ResetOutcome> {
  const { client: recovery, session } = await exchangeRecoveryCode(code);
  const { error } = await recovery.auth.updateUser({ password });
  if (error) throw error;
  clearRecoveryStorage();
  exchanges.delete(code);
  if (needsSecondFactor(session)) return 'second-factor-needed';
  const client = await getSupabaseClient();
  const adopted = await client.auth.setSession({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
  });
  if (adopted.error) throw adopted.error;
  return 'signed-in';
}
