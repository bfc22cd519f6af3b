import { getSessionStore, getSupabaseClient } from '@promatch/shared';
import { useEffect } from 'react';
import { whenIdle } from '../../lib/when-idle';
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
 * with no session anywhere waits for idle time: supabase-js is the largest script the site has,
 * and evaluating it while the page becomes interactive would only confirm they are signed out.
 */
export function useAuthSync(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      getSupabaseClient()
        .then((client) => {
          if (!cancelled) stop = startSessionSync(client);
        })
        .catch((error: unknown) => {
          console.error('Session check failed', error);
          getSessionStore().getState().clearSession();
        });
    };
    const cancelIdle = maySignIn() ? undefined : whenIdle(start);
    if (!cancelIdle) start();
    return () => {
      cancelled = true;
      cancelIdle?.();
      stop?.();
    };
  }, []);
}
