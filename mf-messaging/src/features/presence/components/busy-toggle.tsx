import { getSessionStore, useSession } from '@promatch/shared';
import { PresenceLabel } from '../../../lib/presence/presence-badge';

/** The user's own status, and the switch that shows them as Busy to their contacts. */
export function BusyToggle() {
  const presence = useSession((state) => state.presence);
  const busy = useSession((state) => state.busyByHand);
  return (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'center', marginBottom: '0.75rem' }}>
      <span>
        Your status: <PresenceLabel status={presence} />
      </span>
      <label style={{ display: 'inline-flex', gap: '0.35rem', alignItems: 'center' }}>
        <input
          type="checkbox"
          checked={busy}
          onChange={(event) => getSessionStore().getState().setBusyByHand(event.target.checked)}
        />
        Busy
      </label>
    </div>
  );
}
