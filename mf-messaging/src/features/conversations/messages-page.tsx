import { usePageTitle, useSession } from '@promatch/shared';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useOutboxRunner } from '../outbox/use-outbox-runner';
import { BusyToggle } from '../presence/busy-toggle';
import { ThreadView } from '../thread/components/thread-view';
import { useConversationWith, usePartner } from './api/find-conversation';
import { useConversations } from './api/list-conversations';
import { useInboxLive } from './api/use-inbox-live';
import { ConversationList } from './components/conversation-list';
import { ThreadHeader } from './components/thread-header';

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

const Empty = styled.p`
  padding: 2rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const blockedReason = (name: string) => `You have blocked ${name}. Unblock them to send messages.`;

function ConversationThread({
  userId,
  conversationId,
}: {
  userId: string;
  conversationId: string;
}) {
  const { data, isPending } = useConversations('');
  const conversation = data?.find((c) => c.id === conversationId);
  if (isPending) return <Empty>Loading conversation…</Empty>;
  if (!conversation) return <Empty role="alert">Conversation not found.</Empty>;
  const partner = {
    id: conversation.partner_id,
    name: conversation.partner_name || 'User',
    avatarUrl: conversation.partner_avatar_url,
    status: conversation.partner_status,
  };
  return (
    <ThreadView
      key={conversationId}
      userId={userId}
      conversationId={conversationId}
      partner={partner}
      disabledReason={conversation.blocked ? blockedReason(partner.name) : undefined}
      header={
        <ThreadHeader
          userId={userId}
          partner={partner}
          conversationId={conversationId}
          blocked={conversation.blocked}
        />
      }
    />
  );
}

/** 'Message' on a profile: the existing conversation with that person, or a new one on first send. */
function NewConversation({ userId, partnerId }: { userId: string; partnerId: string }) {
  const existing = useConversationWith(userId, partnerId);
  const partner = usePartner(partnerId);
  if (existing.data) return <Navigate to={`/messages/${existing.data}`} replace />;
  if (existing.isPending || partner.isPending) return <Empty>Loading conversation…</Empty>;
  if (partnerId === userId) return <Empty role="alert">You cannot message yourself.</Empty>;
  if (!partner.data) return <Empty role="alert">That user does not exist.</Empty>;
  const card = {
    id: partner.data.id,
    name: partner.data.name || 'User',
    avatarUrl: partner.data.avatar_url,
    status: null,
  };
  return (
    <ThreadView
      userId={userId}
      partner={card}
      header={<ThreadHeader userId={userId} partner={card} blocked={false} />}
    />
  );
}

function Page({ userId, children }: { userId: string; children: ReactNode }) {
  usePageTitle('Messages');
  useInboxLive(userId);
  useOutboxRunner(userId);
  return (
    <Layout>
      <div>
        <h1 style={{ marginTop: 0 }}>Messages</h1>
        <BusyToggle />
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
function SignedOut() {
  usePageTitle('Messages');
  const { pathname, search } = useLocation();
  return (
    <Layout>
      <div>
        <h1 style={{ marginTop: 0 }}>Messages</h1>
        <p>
          <Link to={`/login?returnTo=${encodeURIComponent(pathname + search)}`}>Sign in</Link> to
          read and send your messages.
        </p>
      </div>
    </Layout>
  );
}

/** /messages (inbox; `?to=<user>` opens the conversation with that user) and /messages/:id. */
export function MessagesPage() {
  const userId = useSession((state) => state.user?.id);
  const { conversationId } = useParams();
  const [params] = useSearchParams();
  const to = params.get('to');
  if (!userId) return <SignedOut />;
  let content: ReactNode = <Empty>Choose a conversation to read it.</Empty>;
  if (conversationId)
    content = <ConversationThread userId={userId} conversationId={conversationId} />;
  else if (to) content = <NewConversation key={to} userId={userId} partnerId={to} />;
  return <Page userId={userId}>{content}</Page>;
}
