import { getSessionStore, getSupabaseClient } from '@promatch/shared';
import { useEffect } from 'react';
import { startSessionSync } from './session-sync';

/** Starts the session sync once the Supabase client has loaded (after the first render). */
export function useAuthSync(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    getSupabaseClient()
      .then((client) => {
        if (!cancelled) stop = startSessionSync(client);
      })
      .catch((error: unknown) => {
        console.error('Session check failed', error);
        getSessionStore().getState().clearSession();
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}
