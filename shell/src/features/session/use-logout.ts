import { getSessionStore, getSupabaseClient, toast } from '@promatch/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearStoredAuth } from './stored-auth';

/** Logout retries up to 2 times, waiting 1 s times the attempt, to ride out a brief outage. */
const LOGOUT_RETRIES = 2;
/** Go to / after 0.5 s (long enough to read the toast), also when logout fails. */
const LOGOUT_REDIRECT_MS = 500;

async function signOutWithRetries(): Promise<void> {
  const client = await getSupabaseClient();
  for (let attempt = 0; attempt <= LOGOUT_RETRIES; attempt += 1) {
    const { error } = await client.auth.signOut({ scope: 'global' });
    if (!error) return;
    if (attempt < LOGOUT_RETRIES) await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
  }
  // Sign-out errors are never shown to the user: the local session is cleared regardless.
  await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
}

/**
 * `beforeSignOut` runs while the access token is still valid, for whatever must still reach the
 * server as the user (presence going offline); its failure does not stop the logout.
 */
export function useLogout(beforeSignOut?: () => Promise<void>): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await beforeSignOut?.().catch((error: unknown) =>
      console.debug('[logout] before sign-out failed', error),
    );
    try {
      await signOutWithRetries();
    } catch (error) {
      console.error('Logout failed', error);
    }
    clearStoredAuth();
    getSessionStore().getState().clearSession();
    toast({ title: 'Successfully logged out' });
    setTimeout(() => navigate('/'), LOGOUT_REDIRECT_MS);
  }, [navigate, beforeSignOut]);
}
