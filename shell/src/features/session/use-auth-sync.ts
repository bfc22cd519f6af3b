import {
  getSessionStore,
  getSupabaseClient,
  whenSupabaseClientLoads,
  type AppSupabaseClient,
} from '@promatch/shared';
import { useEffect } from 'react';
import { startSessionSync } from './session-sync';
import { isStoredAuthKey } from './stored-auth';

/** Parameters supabase-js reads a new session from (sign-in links, OAuth and recovery). */
const SESSION_IN_URL = /[#&?](access_token|refresh_token|code|token_hash|error_description)=/;

/**
 * Whether this visit may have a session to restore now: a stored one, or one in the address.
 * Storage that cannot be read counts as maybe.
 */
export function maySignIn(): boolean {
  try {
    const storages = [localStorage, sessionStorage];
    const stored = storages.some((storage) =>
      Array.from({ length: storage.length }, (_, index) => storage.key(index)).some(
        (key) => key !== null && isStoredAuthKey(key),
      ),
    );
    return stored || SESSION_IN_URL.test(window.location.href);
  } catch {
    return true;
  }
}

/**
 * Starts the session sync once the Supabase client has loaded (after the first render). A visitor
 * with no session anywhere is known to be signed out at once, and supabase-js (the largest script
 * the site has) is not loaded for them: the sync starts when something else loads it (a sign-in
 * form) or when another tab stores a session. Loading it only to confirm a signed-out visitor
 * put its evaluation among the page's first tasks, and kept the sign-in page's guest-only gate
 * on "loading your session" until then.
 */
export function useAuthSync(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    let started = false;
    const begin = (client: AppSupabaseClient) => {
      if (cancelled || started) return;
      started = true;
      stop = startSessionSync(client);
    };
    const start = () => {
      getSupabaseClient()
        .then(begin)
        .catch((error: unknown) => {
          console.error('Session check failed', error);
          getSessionStore().getState().clearSession();
        });
    };
    if (maySignIn()) {
      start();
      return () => {
        cancelled = true;
        stop?.();
      };
    }
    getSessionStore().getState().clearSession();
    const cancelLoad = whenSupabaseClientLoads(begin);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.newValue !== null && isStoredAuthKey(event.key)) start();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      cancelled = true;
      cancelLoad();
      window.removeEventListener('storage', onStorage);
      stop?.();
    };
  }, []);
}
