import type { AppSupabaseClient } from '@promatch/shared';
import type { Session } from '@supabase/supabase-js';

/**
 * Refresh when under 300 s remain, so a request never leaves with a token about to lapse, and by
 * timer 120 s before expiry, so an idle tab stays signed in.
 */
const REFRESH_WHEN_UNDER_SECONDS = 300;
const REFRESH_AHEAD_SECONDS = 120;
const RETRY_DELAYS_MS = [200, 400, 800];

function secondsUntilExpiry(session: Session, now = Date.now()): number {
  return (session.expires_at ?? 0) - Math.floor(now / 1000);
}

/** Refreshes with backoff from 200 ms, doubling; resolves false when every attempt failed. */
async function refreshWithBackoff(client: AppSupabaseClient): Promise<boolean> {
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
    const { error } = await client.auth.refreshSession();
    if (!error) return true;
    // A rejected refresh token will not get better by waiting.
    if (error.status && error.status >= 400 && error.status < 500) return false;
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  return false;
}

/**
 * Keeps one timer per session: refreshes at once when under 300 s remain, otherwise 120 s before
 * expiry. `onFailure` runs when the refresh finally fails.
 */
export function createRefreshScheduler(client: AppSupabaseClient, onFailure: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const refresh = async () => {
    if (!(await refreshWithBackoff(client))) onFailure();
  };
  return {
    schedule(session: Session | null) {
      cancel();
      if (!session) return;
      const remaining = secondsUntilExpiry(session);
      if (remaining < REFRESH_WHEN_UNDER_SECONDS) {
        void refresh();
        return;
      }
      timer = setTimeout(() => void refresh(), (remaining - REFRESH_AHEAD_SECONDS) * 1000);
    },
    cancel,
  };
}
