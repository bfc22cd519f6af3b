import type { PresenceStatus } from '../session/session-types';

/** Presence colours and labels: online green, away yellow, busy red, offline grey. */
export const PRESENCE_STYLES: Record<PresenceStatus, { colour: string; label: string }> = {
  online: { colour: '#16a34a', label: 'Online' },
  away: { colour: '#eab308', label: 'Away' },
  busy: { colour: '#dc2626', label: 'Busy' },
  offline: { colour: '#9ca3af', label: 'Offline' },
};
