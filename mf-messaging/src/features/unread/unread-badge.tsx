import { useSession, VisuallyHidden } from '@promatch/shared';
import styled from 'styled-components';
import { useReminderToasts } from '../appointments/api/use-reminder-toasts';
import { useInboxLive } from '../conversations/api/use-inbox-live';
import { useOutboxRunner } from '../outbox/use-outbox-runner';
import { useUnreadCount } from './unread-count';

const Count = styled.span`
  min-width: 1.25rem;
  padding: 0 0.35rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.75rem;
  font-weight: 700;
  text-align: center;
`;

function Badge({ userId }: { userId: string }) {
  useInboxLive(userId);
  // The header is on every page, so queued messages go out on reconnect wherever the user is.
  useOutboxRunner(userId);
  // Appointment reminders (24 hours and 15 minutes before a call) pop up wherever the user is.
  useReminderToasts(userId);
  const { data: count } = useUnreadCount(userId);
  if (!count) return null;
  return (
    <Count data-testid="unread-badge">
      {count > 99 ? '99+' : count}
      <VisuallyHidden> unread</VisuallyHidden>
    </Count>
  );
}

/**
 * The header's unread total, live. The shell places it inside its Messages link and gives it a
 * query client; the count itself belongs to messaging.
 */
export function UnreadBadge() {
  const userId = useSession((state) => (state.mfaRequired ? undefined : state.user?.id));
  return userId ? <Badge userId={userId} /> : null;
}
