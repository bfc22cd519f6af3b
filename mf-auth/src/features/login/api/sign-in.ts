import { createIsolatedAuthClient, getSupabaseClient, needsSecondFactor } from '@promatch/shared';
import type { LoginInput } from '@promatch/shared/validation';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { isTransientAuthError, withRetries } from '../../../lib/retry';

/**
 * The factor the second step starts from: an authenticator app, a phone texted a code, or a
 * passkey (the step offers a passkey beside a code too; `second-factor-step.tsx`).
 */
export interface SecondFactor {
  id: string;
  type: 'totp' | 'phone' | 'webauthn';
  /** A phone factor's number (E.164). */
  phone?: string;
}

export type SignInResult =
  { kind: 'signed-in' } | { kind: 'second-factor'; pending: SupabaseClient; factor: SecondFactor };

interface FactorLike {
  id: string;
  status: string;
  factor_type: string;
  phone?: string;
}

/**
 * An authenticator app first (nothing is sent); otherwise a phone (texted on arrival); otherwise a
 * passkey. A passkey, when the account has one, is offered beside either code.
 */
function chooseFactor(factors: readonly FactorLike[]): SecondFactor | undefined {
  const verified = factors.filter((factor) => factor.status === 'verified');
  const totp = verified.find((factor) => factor.factor_type === 'totp');
  if (totp) return { id: totp.id, type: 'totp' };
  const phone = verified.find((factor) => factor.factor_type === 'phone');
  if (phone) return { id: phone.id, type: 'phone', phone: phone.phone };
  const passkey = verified.find((factor) => factor.factor_type === 'webauthn');
  return passkey ? { id: passkey.id, type: 'webauthn' } : undefined;
}

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
export async function signIn(
  { email, password }: LoginInput,
  captchaToken?: string,
): Promise<SignInResult> {
  const client = await getSupabaseClient();
  await client.auth.signOut({ scope: 'global' }).catch(() => undefined);
  const pending = await createIsolatedAuthClient();
  const session = await withRetries(async () => {
    const { data, error } = await pending.auth.signInWithPassword({
      email,
      password,
      options: captchaToken ? { captchaToken } : undefined,
    });
    if (error) throw error;
    return data.session;
  }, isTransientAuthError);
  if (needsSecondFactor(session)) {
    const factor = chooseFactor((session.user.factors ?? []) as FactorLike[]);
    if (factor) return { kind: 'second-factor', pending, factor };
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

/** The factor owed by the session the page's client holds (after a reload or an e-mail link). */
export async function owedFactor(): Promise<SecondFactor | undefined> {
  const client = await getSupabaseClient();
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  return chooseFactor(data.all as FactorLike[]);
}

/** Texts a code to the phone factor (pending client, or the page's own aal1 session). */
export async function sendPhoneCode(
  pending: SupabaseClient | null,
  factorId: string,
): Promise<string> {
  const client = pending ?? (await getSupabaseClient());
  const { data, error } = await client.auth.mfa.challenge({ factorId, channel: 'sms' });
  if (error) throw error;
  return data.id;
}

/** Verifies the texted code; the aal2 session replaces the pending one, or lifts the page's. */
export async function verifyPhoneCode(
  pending: SupabaseClient | null,
  factorId: string,
  challengeId: string,
  code: string,
): Promise<void> {
  const client = pending ?? (await getSupabaseClient());
  const { data, error } = await client.auth.mfa.verify({ factorId, challengeId, code });
  if (error) throw error;
  if (pending) await adoptSession(data);
  else await client.realtime.setAuth(data.access_token);
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
