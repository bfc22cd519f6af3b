import { useSession, type PresenceStatus } from '@promatch/shared';
import styled from 'styled-components';

/** Spec section 4: online green, away yellow, busy red, offline grey. */
export const PRESENCE_STYLE: Record<PresenceStatus, { colour: string; label: string }> = {
  online: { colour: '#16a34a', label: 'Online' },
  away: { colour: '#eab308', label: 'Away' },
  busy: { colour: '#dc2626', label: 'Busy' },
  offline: { colour: '#9ca3af', label: 'Offline' },
};

const Dot = styled.span<{ $colour: string }>`
  display: inline-block;
  width: 0.65rem;
  height: 0.65rem;
  border-radius: 50%;
  background: ${({ $colour }) => $colour};
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.background};
`;

export function PresenceDot() {
  const status = useSession((state) => state.presence);
  const { colour, label } = PRESENCE_STYLE[status];
  return <Dot $colour={colour} role="img" aria-label={`Status: ${label}`} title={label} />;
}
