import { Cluster, getSessionStore, useSession } from '@promatch/shared';
import styled from 'styled-components';
import { PresenceLabel } from '../../../lib/presence/presence-badge';

/** The user's own status, and the switch that shows them as Busy to their contacts. */
const Toolbar = styled(Cluster)`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const CheckboxLabel = styled.label`
  display: inline-flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: center;
`;

export function BusyToggle() {
  const presence = useSession((state) => state.presence);
  const busy = useSession((state) => state.busyByHand);
  return (
    <Toolbar $gap="lg">
      <span>
        Your status: <PresenceLabel status={presence} />
      </span>
      <CheckboxLabel>
        <input
          type="checkbox"
          checked={busy}
          onChange={(event) => getSessionStore().getState().setBusyByHand(event.target.checked)}
        />
        Busy
      </CheckboxLabel>
    </Toolbar>
  );
}
