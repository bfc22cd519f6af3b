import { QueryProvider, useSession, VisuallyHidden } from '@promatch/shared';
import { lazy } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';

const Count = styled.span`
  min-width: 1.25rem;
  padding: 0 0.35rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.danger};
  color: #ffffff;
  font-size: 0.75rem;
  font-weight: 700;
  text-align: center;
`;

const Link = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
`;

/** The count needs react-query, which loads after the first render (decision 0002). */
const UnreadBadge = lazy(async () => {
  const { useUnreadCount } = await import('./unread-count');
  function Badge({ userId }: { userId: string }) {
    const { data: count } = useUnreadCount(userId);
    if (!count) return null;
    return (
      <Count>
        {count > 99 ? '99+' : count}
        <VisuallyHidden> unread</VisuallyHidden>
      </Count>
    );
  }
  return { default: Badge };
});

export function MessagesLink() {
  const userId = useSession((state) => state.user?.id);
  return (
    <Link to="/messages">
      <span aria-hidden="true">✉</span>
      <span>Messages</span>
      {userId ? (
        <QueryProvider>
          <UnreadBadge userId={userId} />
        </QueryProvider>
      ) : null}
    </Link>
  );
}
