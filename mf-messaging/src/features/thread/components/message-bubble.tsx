import { Button, VisuallyHidden } from '@promatch/shared';
import styled from 'styled-components';
import type { DisplayMessage } from './display-message';
import { AttachmentPreview } from './attachment-preview';
import { MessageText } from './message-text';

const Row = styled.div<{ $mine: boolean }>`
  display: flex;
  justify-content: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  padding: 0.25rem 0.75rem;
`;

const Bubble = styled.div<{ $mine: boolean }>`
  max-width: min(36rem, 80%);
  padding: 0.5rem 0.75rem;
  border-radius: 0.75rem;
  background: ${({ $mine, theme }) => ($mine ? theme.colors.primary : theme.colors.surface)};
  color: ${({ $mine, theme }) => ($mine ? theme.colors.onPrimary : theme.colors.text)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  a {
    color: inherit;
    text-decoration: underline;
  }
`;

const Meta = styled.div`
  margin-top: 0.25rem;
  font-size: 0.75rem;
  display: flex;
  gap: 0.5rem;
  align-items: center;
  justify-content: flex-end;
`;

const STATUS_LABEL = { pending: 'Sending…', failed: 'Not sent', sent: 'Sent', read: 'Read' };

const time = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

export function MessageBubble({
  message,
  partnerName,
  onRetry,
}: {
  message: DisplayMessage;
  partnerName: string;
  onRetry(clientId: string): void;
}) {
  return (
    <Row $mine={message.mine} data-testid="message" data-status={message.status ?? 'received'}>
      <Bubble $mine={message.mine}>
        <VisuallyHidden>{message.mine ? 'You: ' : `${partnerName}: `}</VisuallyHidden>
        {message.attachment ? <AttachmentPreview attachment={message.attachment} /> : null}
        {message.attachment && message.content === message.attachment.name ? null : (
          <MessageText text={message.content} />
        )}
        <Meta>
          <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
          {message.status ? <span>{STATUS_LABEL[message.status]}</span> : null}
        </Meta>
        {message.status === 'failed' ? (
          <Meta role="alert">
            <span>{message.error}</span>
            <Button
              type="button"
              $size="sm"
              $variant="secondary"
              onClick={() => onRetry(message.clientId)}
            >
              Retry
            </Button>
          </Meta>
        ) : null}
      </Bubble>
    </Row>
  );
}
