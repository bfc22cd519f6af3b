import {
  getSessionStore,
  getSupabaseClient,
  loadRuntimeConfig,
  whenSupabaseClientLoads,
  type RuntimeConfig,
} from '@promatch/shared';
import type { AnalyticsEventRow } from './analytics-event';

/**
 * How events reach analytics_events. A signed-in visitor's go through supabase-js (loaded for
 * them anyway), so they carry the user's token. A signed-out visitor's are a plain POST with the
 * anon key, as the REST gateway takes them: supabase-js (the site's largest script) is not
 * loaded on a public page only to record a page view. The unload beacon cannot wait for anything,
 * so what it needs (URL, anon key, the user's token if any) is kept ready.
 */
export interface AnalyticsTransport {
  insert(row: AnalyticsEventRow): void;
  /** Fire-and-forget on page unload: the browser finishes it after the page is gone. */
  beacon(rows: AnalyticsEventRow[]): void;
  stop(): void;
}

export function createAnalyticsTransport(): AnalyticsTransport {
  let config: RuntimeConfig | undefined;
  let accessToken: string | undefined;
  let unsubscribe: (() => void) | undefined;
  let stopped = false;

  const configLoaded = loadRuntimeConfig().then((loaded) => (config = loaded));
  configLoaded.catch(ignore);
  const cancelClientWait = whenSupabaseClientLoads((client) => {
    if (stopped) return;
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      accessToken = session?.access_token;
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });
  const headers = (loaded: RuntimeConfig) => ({
    apikey: loaded.supabaseAnonKey,
    authorization: `Bearer ${accessToken ?? loaded.supabaseAnonKey}`,
    prefer: 'return=minimal',
  });

  return {
    insert(row) {
      if (getSessionStore().getState().user === null) {
        void configLoaded.then(
          (loaded) =>
            sendRows(`${loaded.supabaseUrl}/rest/v1/analytics_events`, row, headers(loaded), false),
          ignore,
        );
        return;
      }
      void getSupabaseClient()
        .then((client) => client.from('analytics_events').insert(row))
        .then(
          ({ error }) => error && console.debug('[analytics] event not recorded', error),
          ignore,
        );
    },
    beacon(rows) {
      if (!config || rows.length === 0) return;
      sendRows(`${config.supabaseUrl}/rest/v1/analytics_events`, rows, headers(config), true);
    },
    stop() {
      stopped = true;
      cancelClientWait();
      unsubscribe?.();
    },
  };
}

/**
 * A POST of rows, failures silent. The unload beacon (the events still queued when the page goes
 * away) is sent with `keepalive: true`: navigator.sendBeacon cannot carry the apikey and
 * Authorization headers the REST gateway requires (decision 0027 in docs/decisions).
 */
function sendRows(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  keepalive: boolean,
): void {
  try {
    void fetch(url, {
      method: 'POST',
      keepalive,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).catch(ignore);
  } catch {
    // keepalive body over the browser's 64 KB budget, or fetch unavailable: give up quietly.
  }
}

function ignore(): void {
  // Analytics never disturbs the visitor: its failures are silent, never a toast or an error.
}
