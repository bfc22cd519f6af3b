import { Icon, Tooltip, useSession } from '@promatch/shared';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useNotificationsLive, useUnreadCount } from '../api/notifications';

const Bell = styled(Link)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.25rem;
  min-height: 2.25rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-size: 1.1rem;
`;

const Count = styled.span`
  position: absolute;
  top: -0.15rem;
  right: -0.35rem;
  min-width: 1.25rem;
  padding: 0 0.3rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
  font-size: 0.7rem;
  font-weight: 700;
  line-height: 1.25rem;
  text-align: center;
`;

function LiveBell({ userId }: { userId: string }) {
  useNotificationsLive(userId);
  const { data: count = 0 } = useUnreadCount(userId);
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
  return (
    <Tooltip label={label} align="end">
      <Bell to="/smart-notifications" aria-label={label}>
        <Icon name="bell" size="1.3rem" />
        {count > 0 ? (
          <Count aria-hidden="true" data-testid="notification-count">
            {count > 99 ? '99+' : count}
          </Count>
        ) : null}
      </Bell>
    </Tooltip>
  );
}

/**
 * The header's notification bell with the live unread count. Owned by the dashboard, placed by
 * the shell in its header after the first render; draws nothing for a signed-out visitor.
 */
export function NotificationBell() {
  const userId = useSession((state) => (state.mfaRequired ? undefined : state.user?.id));
  return userId ? <LiveBell userId={userId} /> : null;
}
