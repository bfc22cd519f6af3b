import { getSupabaseClient, loadRuntimeConfig, type RuntimeConfig } from '@promatch/shared';
import type { AnalyticsEventRow } from './analytics-event';

/**
 * How events reach analytics_events. Normal events go through supabase-js. The unload beacon
 * cannot wait for anything, so what it needs (URL, anon key, the user's token) is kept ready.
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

  void loadRuntimeConfig().then((loaded) => (config = loaded), ignore);
  void getSupabaseClient().then((client) => {
    if (stopped) return;
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      accessToken = session?.access_token;
    });
    unsubscribe = () => data.subscription.unsubscribe();
  }, ignore);

  return {
    insert(row) {
      void getSupabaseClient()
        .then((client) => client.from('analytics_events').insert(row))
        .then(
          ({ error }) => error && console.debug('[analytics] event not recorded', error),
          ignore,
        );
    },
    beacon(rows) {
      if (!config || rows.length === 0) return;
      sendKeepalive(`${config.supabaseUrl}/rest/v1/analytics_events`, rows, {
        apikey: config.supabaseAnonKey,
        authorization: `Bearer ${accessToken ?? config.supabaseAnonKey}`,
        prefer: 'return=minimal',
      });
    },
    stop() {
      stopped = true;
      unsubscribe?.();
    },
  };
}

/**
 * The unload beacon (the events still queued when the page goes away), sent as
 * `fetch(..., { keepalive: true })`: navigator.sendBeacon cannot carry the apikey and
 * Authorization headers the REST gateway requires (decision 0027 in docs/decisions). Failures are
 * silent.
 */
function sendKeepalive(url: string, body: unknown, headers: Record<string, string>): void {
  try {
    void fetch(url, {
      method: 'POST',
      keepalive: true,
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
