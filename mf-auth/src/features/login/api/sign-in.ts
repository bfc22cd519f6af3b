import { createIsolatedAuthClient, getSupabaseClient, needsSecondFactor } from '@promatch/shared';
import type { LoginInput } from '@promatch/shared/validation';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { isTransientAuthError, withRetries } from '../../../lib/retry';

export type SignInResult =
  { kind: 'signed-in' } | { kind: 'second-factor'; pending: SupabaseClient; factorId: string };

/** Hands a session that counts (aal1 without factors, or aal2) to the page's client. */
export async function adoptSession(
  session: Pick<Session, 'access_token' | 'refresh_token'>,
): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client.auth.setSession({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
  });
  if (error) throw error;
}

/**
 * Clear state and sign out globally first (failure ignored), so no earlier session survives, then
 * the password grant with retries. The grant runs on an isolated client, so an aal1 session of a
 * user with an authenticator never counts as signed in; the caller asks for the code instead.
 */
export async function signIn({ email, password }: LoginInput): Promise<SignInResult> {
  const client = await getSupabaseClient();
  await client.auth.signOut({ scope: 'global' }).catch(() => undefined);
  const pending = await createIsolatedAuthClient();
  const session = await withRetries(async () => {
    const { data, error } = await pending.auth.signInWithPassword({ email, password });
    if (error) throw error;
    return data.session;
  }, isTransientAuthError);
  if (needsSecondFactor(session)) {
    const verified = (session.user.factors ?? []).filter((f) => f.status === 'verified');
    // An authenticator app's id for the code step; with only a passkey, the passkey step finds it.
    const factor =
      verified.find((candidate) => candidate.factor_type === 'totp') ??
      verified.find((candidate) => candidate.factor_type === 'webauthn');
    if (factor) return { kind: 'second-factor', pending, factorId: factor.id };
  }
  await adoptSession(session);
  return { kind: 'signed-in' };
}

/** Passes the TOTP challenge on the pending client, then adopts the aal2 session. */
export async function verifySecondFactor(
  pending: SupabaseClient,
  factorId: string,
  code: string,
): Promise<void> {
  const { data, error } = await pending.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
  await adoptSession(data);
}

/**
 * The code step for a session the page's client already holds at aal1 (restored after a reload,
 * or from an e-mail link) of a user with an authenticator: the session sync marks it
 * `mfaRequired` and the access gate sends every page here. Passing the code lifts that same
 * session to aal2, and the session sync then signs the user in.
 */
export async function verifyCurrentSession(code: string): Promise<void> {
  const client = await getSupabaseClient();
  const { data, error: listError } = await client.auth.mfa.listFactors();
  if (listError) throw listError;
  const factor = data.totp.find((candidate) => candidate.status === 'verified');
  if (!factor) throw new Error('This account has no authenticator app to check the code with.');
  const { data: verified, error } = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code,
  });
  if (error) throw error;
  // supabase-js hands realtime a new token only on SIGNED_IN and TOKEN_REFRESHED; private
  // channels need the aal2 one now.
  await client.realtime.setAuth(verified.access_token);
}

/** Drops the page's aal1 session ("Use another account"), so the password form shows again. */
export async function dropCurrentSession(): Promise<void> {
  const client = await getSupabaseClient();
  await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
}
