import { PRESENCE_STYLES, useSession } from '@promatch/shared';
import styled from 'styled-components';

const Dot = styled.span<{ $colour: string }>`
  display: inline-block;
  width: 0.65rem;
  height: 0.65rem;
  border-radius: 50%;
  background: ${({ $colour }) => $colour};
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.background};
`;

/** The user's own status; the label is also its accessible name. */
export function PresenceDot() {
  const status = useSession((state) => state.presence);
  const { colour, label } = PRESENCE_STYLES[status];
  return <Dot $colour={colour} role="img" aria-label={`Status: ${label}`} title={label} />;
}
