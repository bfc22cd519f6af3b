import { getSupabaseClient } from '@promatch/shared';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adoptSession } from './sign-in';

export interface SecondFactorMethods {
  totp: boolean;
  phone: boolean;
  passkey: boolean;
}

async function verifiedPasskey(client: SupabaseClient): Promise<string> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  const factor = data.webauthn.find((candidate) => candidate.status === 'verified');
  if (!factor) throw new Error('This account has no passkey to sign in with.');
  return factor.id;
}

/** Which second steps the account offers: the pending client's, or the page's aal1 session. */
export async function secondFactorMethods(
  pending: SupabaseClient | null,
): Promise<SecondFactorMethods> {
  const client = pending ?? (await getSupabaseClient());
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  return {
    totp: data.totp.some((factor) => factor.status === 'verified'),
    phone: data.phone.some((factor) => factor.status === 'verified'),
    passkey: data.webauthn.some((factor) => factor.status === 'verified'),
  };
}

/**
 * The passkey step: supabase-js asks the server for request options, runs
 * navigator.credentials.get() and sends the signed assertion; a pass lifts the session to aal2.
 * On the password step's pending client the aal2 session is then handed to the page; on the
 * page's own aal1 session (a reload, an e-mail link) the same session is lifted in place.
 */
export async function verifyPasskey(pending: SupabaseClient | null): Promise<void> {
  const client = pending ?? (await getSupabaseClient());
  const factorId = await verifiedPasskey(client);
  const { data, error } = await client.auth.mfa.webauthn.authenticate({ factorId });
  if (error) throw error;
  if (pending) await adoptSession(data);
  // supabase-js hands realtime a new token only on SIGNED_IN and TOKEN_REFRESHED.
  else await client.realtime.setAuth(data.access_token);
}
