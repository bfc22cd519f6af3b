import { Icon, VisuallyHidden } from '@promatch/shared';
import styled from 'styled-components';
import { durationInWords, formatDuration } from '../../../lib/format-duration';

const Row = styled.div`
  display: flex;
  justify-content: center;
  padding: 0.5rem 0.75rem;
`;

const Pill = styled.p`
  margin: 0;
  padding: 0.3rem 0.8rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.85rem;
`;

const time = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

/** A finished video call in the conversation: when it ended and how long it lasted. */
export function CallEventRow({ createdAt, seconds }: { createdAt: string; seconds: number }) {
  return (
    <Row data-testid="call-event">
      <Pill>
        <Icon name="video" /> Video call · <span aria-hidden="true">{formatDuration(seconds)}</span>
        <VisuallyHidden>{durationInWords(seconds)}</VisuallyHidden>
        {' · '}
        <time dateTime={createdAt}>{time(createdAt)}</time>
      </Pill>
    </Row>
  );
}
