// In src/lib: the inbox, a conversation's header and the user's own status toggle show it.
import { PRESENCE_STYLES, type PresenceStatus } from '@promatch/shared';
import styled from 'styled-components';

const Dot = styled.span<{ $colour: string }>`
  display: inline-block;
  flex: none;
  width: 0.65rem;
  height: 0.65rem;
  border-radius: 50%;
  background: ${({ $colour }) => $colour};
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.background};
`;

const LabelWithDot = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

export const asPresence = (status: string | null | undefined): PresenceStatus =>
  status === 'online' || status === 'away' || status === 'busy' ? status : 'offline';

/** A contact's status as a coloured dot whose accessible name is the label (Online, Away ...). */
export function PresenceDot({
  status,
  name,
}: {
  status: string | null | undefined;
  name?: string;
}) {
  const { colour, label } = PRESENCE_STYLES[asPresence(status)];
  const text = name ? `${name} is ${label.toLowerCase()}` : label;
  return <Dot $colour={colour} role="img" aria-label={text} title={label} />;
}

/** The dot followed by its label, for headers where there is room to say it. */
export function PresenceLabel({ status }: { status: string | null | undefined }) {
  const { label } = PRESENCE_STYLES[asPresence(status)];
  return (
    <LabelWithDot>
      <PresenceDot status={status} />
      <span>{label}</span>
    </LabelWithDot>
  );
}
