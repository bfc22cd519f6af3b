import { afterPageData, getSessionStore, type AppSupabaseClient } from '@promatch/shared';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { toAppUser } from './app-user';
import { loadAdminStatus, loadProfile, loadSubscription } from './session-details';
import { clearStoredAuth } from './stored-auth';
import { readStoredSession } from './stored-session';
import { createRefreshScheduler } from './token-refresh';

const ADMIN_ROLES = new Set(['admin', 'super_admin']);
/** Marks when a signed-in user is first known, so benchmarks can tell what waited for it. */
const SESSION_RESTORED_MARK = 'promatch:session-restored';

function markSessionRestored(): void {
  if (performance.getEntriesByName(SESSION_RESTORED_MARK).length === 0) {
    performance.mark(SESSION_RESTORED_MARK);
  }
}

/**
 * Before the first render: takes the signed-in user from the session supabase-js stored, when it
 * is plainly usable (readStoredSession), so the access gate and the page's queries need not wait
 * for the runtime config and supabase-js (bench/dashboard-overview.mjs). Only the bare user is
 * set; the session sync then confirms it (same user: kept, and the profile, admin flags and plan
 * load), refreshes it, or clears it, which sends a protected page to the sign-in page as before.
 * The token itself is never used from here: requests go through supabase-js, and the backend
 * verifies it on every one. Returns whether a user was set.
 */
export function restoreStoredSession(storage?: Storage): boolean {
  const store = getSessionStore();
  if (store.getState().user) return false;
  let stored;
  try {
    stored = readStoredSession(storage ?? localStorage);
  } catch {
    return false; // storage that cannot be read: the session sync decides
  }
  if (!stored) return false;
  const user = toAppUser(stored.user, null);
  store
    .getState()
    .setSession({ user, accountType: user.type, mfaRequired: false, isLoading: false });
  markSessionRestored();
  return true;
}

/** True when the account has a verified second factor the session has not yet satisfied. */
async function needsSecondFactor(client: AppSupabaseClient): Promise<boolean> {
  const { data } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  return data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}

/** Loads the profile, admin flags and plan; the bare user stays if the profile cannot load. */
async function loadDetails(client: AppSupabaseClient, session: Session, isCurrent: () => boolean) {
  const store = getSessionStore();
  const userId = session.user.id;
  // Three independent look-ups: asked together, not the profile first and the rest after it.
  const [profile, admin, subscription] = await Promise.all([
    loadProfile(client, userId).catch((error: unknown) => {
      console.error('Profile load failed; keeping the signed-in user', error);
      return null;
    }),
    loadAdminStatus(client, userId).catch(() => ({ isAdmin: false, isSuperAdmin: false })),
    loadSubscription(client, userId),
  ]);
  if (!isCurrent()) return;
  const user = toAppUser(session.user, profile);
  const roleAdmin = ADMIN_ROLES.has(user.role ?? '');
  store.getState().setSession({
    user,
    accountType: user.type,
    isAdmin: roleAdmin || admin.isAdmin,
    isSuperAdmin: user.role === 'super_admin' || admin.isSuperAdmin,
    subscription,
  });
}

/**
 * Mirrors supabase-js auth events (SIGNED_IN, TOKEN_REFRESHED, SIGNED_OUT, INITIAL_SESSION,
 * MFA_CHALLENGE_VERIFIED) into the federated session store. Returns a function that stops it.
 */
export function startSessionSync(client: AppSupabaseClient): () => void {
  const store = getSessionStore();
  let generation = 0;
  const signOutLocally = () => {
    clearStoredAuth();
    store.getState().clearSession();
    void client.auth.signOut({ scope: 'local' }).catch(() => undefined);
  };
  const refresher = createRefreshScheduler(client, signOutLocally);

  const handle = async (event: AuthChangeEvent, session: Session | null) => {
    const current = ++generation;
    const isCurrent = () => current === generation;
    if (!session) {
      refresher.cancel();
      if (event === 'SIGNED_OUT') clearStoredAuth();
      store.getState().clearSession();
      return;
    }
    refresher.schedule(session);
    if (await needsSecondFactor(client)) {
      if (isCurrent())
        store.getState().setSession({ user: null, mfaRequired: true, isLoading: false });
      return;
    }
    if (!isCurrent()) return;
    const bare = toAppUser(session.user, null);
    const known = store.getState().user?.id === bare.id;
    // Keep what is already known about the same user; otherwise start from the bare user.
    if (!known) store.getState().setSession({ user: bare, accountType: bare.type });
    store.getState().setSession({ mfaRequired: false, isLoading: false });
    markSessionRestored();
    if (event === 'TOKEN_REFRESHED' && known) return;
    // The page's own queries first (afterPageData): the bare user already lets it render.
    await new Promise<void>((resolve) => afterPageData(resolve));
    if (isCurrent()) await loadDetails(client, session, isCurrent);
  };

  const { data } = client.auth.onAuthStateChange((event, session) => {
    // supabase-js must not be called from inside its own callback: defer the work.
    setTimeout(() => void handle(event, session), 0);
  });
  return () => {
    refresher.cancel();
    data.subscription.unsubscribe();
  };
}
