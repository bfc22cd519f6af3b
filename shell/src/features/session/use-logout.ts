import { getSessionStore, getSupabaseClient, toast } from '@promatch/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { updatePresence } from '../presence/update-presence';
import { clearStoredAuth } from './stored-auth';

/** Spec section 9: logout retries up to 2 times, waiting 1 s times the attempt. */
const LOGOUT_RETRIES = 2;
/** Spec section 2: to / after 0.5 s, also when logout fails. */
export const LOGOUT_REDIRECT_MS = 500;

async function signOutWithRetries(): Promise<void> {
  const client = await getSupabaseClient();
  for (let attempt = 0; attempt <= LOGOUT_RETRIES; attempt += 1) {
    const { error } = await client.auth.signOut({ scope: 'global' });
    if (!error) return;
    if (attempt < LOGOUT_RETRIES) await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
  }
  // Sign-out errors are only logged (spec section 8): the local session is cleared regardless.
  await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
}

/**
 * Presence must go offline while the token is still valid: after sign-out the RPC would be
 * refused and the user's contacts would see them online until the stale timeout.
 */
async function setPresenceOffline(): Promise<void> {
  const userId = getSessionStore().getState().user?.id;
  if (!userId) return;
  await updatePresence(userId, 'offline').catch((error: unknown) =>
    console.debug('[presence] offline before logout failed', error),
  );
}

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await setPresenceOffline();
    try {
      await signOutWithRetries();
    } catch (error) {
      console.error('Logout failed', error);
    }
    clearStoredAuth();
    getSessionStore().getState().clearSession();
    toast({ title: 'Successfully logged out' });
    setTimeout(() => navigate('/'), LOGOUT_REDIRECT_MS);
  }, [navigate]);
}
