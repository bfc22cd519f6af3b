import {
  getSupabaseClient,
  loadRuntimeConfig,
  type PresenceStatus,
  type RuntimeConfig,
} from '@promatch/shared';
import { updatePresence } from './update-presence';

export interface PresenceTransport {
  send(status: PresenceStatus): void;
  beaconOffline(): void;
  stop(): void;
}

/**
 * The unload beacon calls the same RPC as every other presence update, so it works unchanged on
 * hosted Supabase (decision 0080); the RPC sets only the caller's own presence.
 */
const PRESENCE_OFFLINE_PATH = '/rest/v1/rpc/update_user_presence';

/**
 * Presence goes through RPC update_user_presence; the unload beacon is a keepalive fetch of that
 * RPC carrying the user's token (sendBeacon cannot set the Authorization header the RPC needs to
 * know who is calling). Every failure is only logged: presence is background work and never
 * interrupts the user.
 */
export function createPresenceTransport(userId: string): PresenceTransport {
  let config: RuntimeConfig | undefined;
  let accessToken: string | undefined;
  let unsubscribe: (() => void) | undefined;

  void loadRuntimeConfig().then((loaded) => (config = loaded), logFailure);
  void getSupabaseClient().then((client) => {
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      accessToken = session?.access_token;
    });
    unsubscribe = () => data.subscription.unsubscribe();
  }, logFailure);

  return {
    send(status) {
      void updatePresence(userId, status).catch(logFailure);
    },
    beaconOffline() {
      if (!config) return;
      try {
        void fetch(`${config.supabaseUrl}${PRESENCE_OFFLINE_PATH}`, {
          method: 'POST',
          keepalive: true,
          headers: {
            'content-type': 'application/json',
            apikey: config.supabaseAnonKey,
            authorization: `Bearer ${accessToken ?? config.supabaseAnonKey}`,
          },
          body: JSON.stringify({ p_user_id: userId, p_status: 'offline' }),
        }).catch(logFailure);
      } catch (error) {
        logFailure(error);
      }
    },
    stop() {
      unsubscribe?.();
    },
  };
}

function logFailure(error: unknown): void {
  console.debug('[presence] update failed', error);
}
