import { getSessionStore, useSession } from '@promatch/shared';
import { useEffect } from 'react';
import { startPresence } from './presence-controller';
import { createPresenceTransport } from './presence-transport';

/**
 * Keeps the signed-in user's presence (online, away, busy, offline) and puts the current status in
 * the federated store (`presence`), where the header's dot and any remote read it.
 */
export function usePresence(): void {
  const userId = useSession((state) => (state.mfaRequired ? undefined : state.user?.id));

  useEffect(() => {
    if (!userId) return;
    const transport = createPresenceTransport(userId);
    const stop = startPresence({
      send: transport.send,
      beaconOffline: transport.beaconOffline,
      onStatus: (status) => getSessionStore().getState().setPresence(status),
      busyByHand: {
        get: () => getSessionStore().getState().busyByHand,
        subscribe: (listener) =>
          getSessionStore().subscribe((state, previous) => {
            if (state.busyByHand !== previous.busyByHand) listener();
          }),
      },
    });
    return () => {
      stop();
      transport.stop();
    };
  }, [userId]);
}
