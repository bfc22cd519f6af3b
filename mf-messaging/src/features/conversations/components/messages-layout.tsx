import { usePageTitle } from '@promatch/shared';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useInboxLive } from '../api/use-inbox-live';
import { ConversationList } from './conversation-list';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(16rem, 22rem) 1fr;
  gap: 1.5rem;
  align-items: start;
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.5rem 1rem;

  @media (max-width: 767px) {
    grid-template-columns: 1fr;
  }
`;

/** A message in the conversation pane: loading, nothing chosen, or why it cannot be shown. */
export const Empty = styled.p`
  padding: 2rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.mutedText};
`;

export interface MessagesLayoutProps {
  userId: string;
  /** The user's own status control, under the heading. */
  status: ReactNode;
  /** The conversation pane. */
  children: ReactNode;
}

/** The messages page: the live inbox beside the conversation pane. */
const Heading = styled.h1`
  margin-top: 0;
`;

export function MessagesLayout({ userId, status, children }: MessagesLayoutProps) {
  usePageTitle('Messages');
  useInboxLive(userId);
  return (
    <Layout>
      <div>
        <Heading>Messages</Heading>
        {status}
        <p>
          <Link to="/messages/upcoming">Upcoming calls and reminders</Link>
        </p>
        <ConversationList userId={userId} />
      </div>
      <section aria-label="Conversation">{children}</section>
    </Layout>
  );
}

/**
 * Without a session (the shell sends signed-out visitors to sign in first, so this is the remote
 * running alone, or a session that just ended): say so, with the way back.
 */
export function SignedOut() {
  usePageTitle('Messages');
  const { pathname, search } = useLocation();
  return (
    <Layout>
      <div>
        <Heading>Messages</Heading>
        <p>
          <Link to={`/login?returnTo=${encodeURIComponent(pathname + search)}`}>Sign in</Link> to
          read and send your messages.
        </p>
      </div>
    </Layout>
  );
}
