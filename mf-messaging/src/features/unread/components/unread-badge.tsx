import { VisuallyHidden } from '@promatch/shared';
import styled from 'styled-components';
import { useUnreadCount } from '../api/unread-count';

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

/**
 * The header's unread total for a signed-in user. The shell places it inside its Messages link and
 * gives it a query client; the count itself belongs to messaging.
 */
export function UnreadBadge({ userId }: { userId: string }) {
  const { data: count } = useUnreadCount(userId);
  if (!count) return null;
  return (
    <Count data-testid="unread-badge">
      {count > 99 ? '99+' : count}
      <VisuallyHidden> unread</VisuallyHidden>
    </Count>
  );
}
