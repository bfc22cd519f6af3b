import type { PresenceStatus } from '@promatch/shared';

/** Presence heartbeat 30,000 ms so contacts see a live status; away after 30 s without activity. */
export const PRESENCE_HEARTBEAT_MS = 30_000;
export const PRESENCE_INACTIVITY_MS = 30_000;

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart', 'wheel'];

export interface PresenceControllerOptions {
  /** Saves the status (RPC update_user_presence); failures are the sender's to swallow. */
  send(status: PresenceStatus): void;
  /** The page-unload beacon that sets the user offline. */
  beaconOffline(): void;
  /** Where the current status is shown (the federated store, for the header's dot). */
  onStatus(status: PresenceStatus): void;
  /** The user's own Busy switch (set in messaging): while on, Busy replaces online and away. */
  busyByHand?: { get(): boolean; subscribe(listener: () => void): () => void };
}

/**
 * Presence for the signed-in user: online on start, the current status re-sent every 30 s, away
 * after 30 s of inactivity and online again on activity, offline by beacon when the page goes away
 * and offline on stop (sign-out, unmount). Busy by hand wins over online and away until switched off.
 */
export function startPresence(options: PresenceControllerOptions): () => void {
  let status: PresenceStatus = 'online';
  let lastActivityAt = Date.now();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const shown = (next: PresenceStatus): PresenceStatus =>
    next !== 'offline' && options.busyByHand?.get() ? 'busy' : next;
  const change = (next: PresenceStatus) => {
    status = next;
    options.onStatus(shown(next));
    options.send(shown(next));
  };
  const checkIdle = () => {
    const idleFor = Date.now() - lastActivityAt;
    if (idleFor >= PRESENCE_INACTIVITY_MS) change('away');
    else idleTimer = setTimeout(checkIdle, PRESENCE_INACTIVITY_MS - idleFor);
  };
  const onActivity = () => {
    lastActivityAt = Date.now();
    if (status !== 'away') return;
    change('online');
    idleTimer = setTimeout(checkIdle, PRESENCE_INACTIVITY_MS);
  };
  const onPageHide = () => options.beaconOffline();
  const onPageShow = (event: PageTransitionEvent) => {
    // Back from the back/forward cache: the beacon set us offline, so say we are here again.
    if (event.persisted) change(status === 'away' ? 'away' : 'online');
  };

  ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  const heartbeat = setInterval(() => options.send(shown(status)), PRESENCE_HEARTBEAT_MS);
  const stopBusyWatch = options.busyByHand?.subscribe(() => change(status));
  idleTimer = setTimeout(checkIdle, PRESENCE_INACTIVITY_MS);
  change('online');

  return () => {
    ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity));
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    clearInterval(heartbeat);
    clearTimeout(idleTimer);
    stopBusyWatch?.();
    change('offline');
  };
}
