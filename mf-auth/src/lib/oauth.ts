import { getSupabaseClient, loadRuntimeConfig } from '@promatch/shared';
import type { Provider, SupabaseClient } from '@supabase/supabase-js';

/** A sign-in provider the auth server has enabled, with the words for its button. */
export interface OAuthProvider {
  name: string;
  label: string;
}

interface SettingsBody {
  external?: Record<string, boolean>;
  external_labels?: Record<string, string>;
}

/** The providers GET /auth/v1/settings reports as enabled, in the server's order. */
export async function loadOAuthProviders(): Promise<OAuthProvider[]> {
  const config = await loadRuntimeConfig();
  const response = await fetch(`${config.supabaseUrl}/auth/v1/settings`, {
    headers: { apikey: config.supabaseAnonKey },
  });
  if (!response.ok) return [];
  const body = (await response.json()) as SettingsBody;
  return Object.entries(body.external_labels ?? {})
    .filter(([name]) => body.external?.[name] === true)
    .map(([name, label]) => ({ name, label }));
}

/** Where the PKCE client keeps its verifier between leaving for the provider and coming back. */
const OAUTH_STORAGE_KEY = 'promatch-oauth';

/**
 * The client for provider sign-in: PKCE (the provider's answer comes back as `?code=`, traded
 * together with the verifier this browser kept), with its own storage key so the page's client
 * ignores the code.
 */
async function createOAuthClient(): Promise<SupabaseClient> {
  const [config, { createClient }] = await Promise.all([
    loadRuntimeConfig(),
    import('@supabase/supabase-js'),
  ]);
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: OAUTH_STORAGE_KEY,
    },
  });
}

function clearOAuthStorage(storage: Storage = localStorage): void {
  for (const suffix of ['', '-code-verifier', '-user'])
    storage.removeItem(`${OAUTH_STORAGE_KEY}${suffix}`);
}

/** Marks the return address so the page knows the `?code=` is a provider's. */
export const OAUTH_RETURN_PARAM = 'oauth';

function returnAddress(path: string, returnTo?: string | null): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set(OAUTH_RETURN_PARAM, '1');
  if (returnTo) url.searchParams.set('returnTo', returnTo);
  return url.toString();
}

/**
 * "Continue with …": leaves for the provider. `data` carries the register page's choices
 * (account type, company), used only if this person has no account yet. Comes back to /login.
 */
export async function continueWithProvider(
  provider: string,
  options: { data?: Record<string, unknown>; returnTo?: string | null } = {},
): Promise<void> {
  const client = await createOAuthClient();
  const { error } = await client.auth.signInWithOAuth({
    // The generic issuer ('oidc') is this server's name, outside supabase-js's list.
    provider: provider as Provider,
    options: {
      redirectTo: returnAddress('/login', options.returnTo),
      queryParams: options.data ? { data: JSON.stringify(options.data) } : undefined,
    },
  });
  if (error) throw error;
}

/** Links another provider to the signed-in account; comes back to the security settings. */
export async function linkProvider(provider: string): Promise<void> {
  const page = await getSupabaseClient();
  const { data } = await page.auth.getSession();
  if (!data.session) throw new Error('Sign in first to link another way of signing in.');
  const client = await createOAuthClient();
  const { error: sessionError } = await client.auth.setSession(data.session);
  if (sessionError) throw sessionError;
  const { error } = await client.auth.linkIdentity({
    provider: provider as Provider,
    options: { redirectTo: returnAddress('/account/security') },
  });
  if (error) throw error;
}

/**
 * What the page says for each error the callback can send back. Fixed words by code: the text in
 * the address bar could have been written by anyone, so it is never shown.
 */
const RETURN_ERRORS: Record<string, string> = {
  bad_oauth_callback:
    'The provider did not complete the sign-in (it was cancelled, or took too long). Please try again.',
  access_denied: 'The sign-in was cancelled at the provider, so you are not signed in.',
  bad_oauth_state: 'That sign-in has expired or was already used. Please start again.',
  email_exists:
    'An account already uses this e-mail address. Sign in with your password, then link this provider from Account security.',
  provider_email_needs_verification:
    'The provider has not verified your e-mail address (or did not share it). Verify it there, or register with e-mail and a password.',
  identity_already_exists: 'That login is already linked to another ProMatch account.',
  user_banned: 'This account is suspended.',
  signup_required: 'No ProMatch account uses that login yet.',
};
const RETURN_ERROR_FALLBACK = 'Signing in with that provider failed. Please try again.';

export type OAuthReturn =
  { kind: 'none' } | { kind: 'signed-in' } | { kind: 'error'; code: string; message: string };

/**
 * On the page the provider's callback sent the browser back to: trades `?code=` for a session and
 * hands it to the page's client (a session that still owes its second factor is then asked for
 * it like any other), or reports the error that came back instead.
 */
export async function finishOAuthReturn(params: URLSearchParams): Promise<OAuthReturn> {
  if (params.get(OAUTH_RETURN_PARAM) !== '1') return { kind: 'none' };
  const errorCode = params.get('error_code') ?? params.get('error');
  if (errorCode) {
    clearOAuthStorage();
    return {
      kind: 'error',
      code: errorCode,
      message: RETURN_ERRORS[errorCode] ?? RETURN_ERROR_FALLBACK,
    };
  }
  const code = params.get('code');
  if (!code) return { kind: 'none' };
  try {
    const client = await createOAuthClient();
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    if (error) throw error;
    const page = await getSupabaseClient();
    const adopted = await page.auth.setSession({
      access_token: data.session.access_token,
      refresh_token: data.session.refresh_token,
    });
    if (adopted.error) throw adopted.error;
    return { kind: 'signed-in' };
  } catch {
    return { kind: 'error', code: 'exchange_failed', message: RETURN_ERROR_FALLBACK };
  } finally {
    clearOAuthStorage();
  }
}
