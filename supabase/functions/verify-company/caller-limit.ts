import type { User } from '@supabase/supabase-js';
import { callerAddress } from '../_shared/http.ts';
import { signedInUser, supabaseAdmin } from '../_shared/supabase-admin.ts';

/** Lookups per caller per window: a person filling in the form uses a handful. */
export const LOOKUPS_PER_WINDOW = 30;
export const LOOKUP_WINDOW_SECONDS = 300;
export const TOO_MANY_LOOKUPS_MESSAGE =
  'Too many company look-ups from you in the last few minutes. Please wait five minutes and try again, or enter your company details by hand.';

/** 'user:<id>' for a signed-in caller, 'ip:<address>' for a visitor. */
export const callerKey = (request: Request, user: User | null): string =>
  user ? `user:${user.id}` : `ip:${callerAddress(request)}`;

/**
 * The signed-in user behind the request; null for a visitor or when auth cannot be asked. A session
 * that still owes its second factor counts as a visitor: it may look companies up, but records
 * nothing for the account until the code is entered.
 */
export async function callerUser(request: Request): Promise<User | null> {
  if (!request.headers.get('authorization')) return null;
  try {
    const signedIn = await signedInUser(request);
    return signedIn.status === 'ok' ? signedIn.user : null;
  } catch (error) {
    console.error('[verify-company] could not identify the caller:', error);
    return null;
  }
}

/**
 * Takes one lookup from the caller's allowance (take_rate_limit in the database, so every
 * instance shares it); false once it is spent. If the database cannot be asked, the lookup is
 * allowed: the register's own limit and the function's cache still hold.
 */
export async function takeLookup(caller: string): Promise<boolean> {
  try {
    const { data, error } = await supabaseAdmin().rpc('take_rate_limit', {
      p_bucket: 'verify-company',
      p_caller: caller,
      p_limit: LOOKUPS_PER_WINDOW,
      p_window_seconds: LOOKUP_WINDOW_SECONDS,
    });
    if (error) throw new Error(`${error.code}: ${error.message}`);
    return data === true;
  } catch (error) {
    console.error('[verify-company] rate limit unavailable:', error);
    return true;
  }
}
