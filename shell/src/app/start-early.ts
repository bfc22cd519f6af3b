import { getSupabaseClient, loadQueryProvider } from '@promatch/shared';
import { loadRemoteApp } from '../features/remotes/remote-area';
import { restoreStoredSession } from '../features/session/session-sync';
import { maySignIn } from '../features/session/use-auth-sync';
import { findRemoteRoute } from './route-table';

/**
 * Called before the shell's first render. For a visitor who may have a session it starts restoring
 * it (supabase-js and the runtime config load while the shell renders, not after), and on a
 * protected page it runs the page's remote code now: the access gate waits for the session before
 * it renders the remote, but the remote's entry module can already start the page's queries the
 * moment the session is known (bench/dashboard-overview.mjs, docs/benchmarks.md). A usable
 * stored session makes the user known now (restoreStoredSession), before supabase-js and the
 * runtime config arrive; the session sync then confirms, refreshes or clears it. The remote area's
 * query provider loads now too, so that the area draws the page as soon as it renders rather than
 * after a loading screen. Failures are only a lost head start: the session sync and the remote
 * area report them.
 */
export function startEarly(pathname: string): void {
  if (!maySignIn()) return;
  restoreStoredSession();
  getSupabaseClient().catch(() => undefined);
  const route = findRemoteRoute(pathname);
  if (route?.access !== 'protected') return;
  loadQueryProvider().catch(() => undefined);
  loadRemoteApp(route.remote).catch(() => undefined);
}
