import type { SupabaseClient } from '@supabase/supabase-js';
import { loadRuntimeConfig } from '../config/runtime-config';

let counter = 0;

/**
 * A throw-away auth client that keeps its session in memory only. Sign-in runs on it so that a
 * session still waiting for its second factor (aal1) never reaches the page's client, its storage
 * or the federated store: only a session that counts is handed over with `setSession`.
 */
export async function createIsolatedAuthClient(): Promise<SupabaseClient> {
  const [config, { createClient }] = await Promise.all([
    loadRuntimeConfig(),
    import('@supabase/supabase-js'),
  ]);
  counter += 1;
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `promatch-sign-in-${counter}`,
    },
  });
}

/** The storage key of the password-recovery client (its PKCE verifier lives under it). */
const RECOVERY_STORAGE_KEY = 'promatch-recovery';

/**
 * The password-recovery client: PKCE (`/recover` sends a code_challenge), with its own
 * storage key so the page's implicit-flow client ignores the `?code=` the e-mailed link brings back.
 */
export async function createRecoveryClient(): Promise<SupabaseClient> {
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
      storageKey: RECOVERY_STORAGE_KEY,
    },
  });
}

/** Forgets the recovery client's verifier and session without revoking the session. */
export function clearRecoveryStorage(storage: Storage = localStorage): void {
  for (const suffix of ['', '-code-verifier', '-user'])
    storage.removeItem(`${RECOVERY_STORAGE_KEY}${suffix}`);
}
