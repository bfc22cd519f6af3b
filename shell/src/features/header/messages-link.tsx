import { Icon } from '@promatch/shared';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';

const Link = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
`;

/** The header's Messages link; `badge` is the unread count, which the messaging remote owns. */
export function MessagesLink({ badge }: { badge?: ReactNode }) {
  return (
    <Link to="/messages">
      <Icon name="mail" />
      <span>Messages</span>
      {badge}
    </Link>
  );
}
