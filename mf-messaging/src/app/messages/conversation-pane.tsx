import { Navigate } from 'react-router-dom';
import { ThreadAppointments } from '../../features/appointments/components/thread-appointments';
import {
  useConversationWith,
  usePartner,
} from '../../features/conversations/api/find-conversation';
import { Empty } from '../../features/conversations/components/messages-layout';
import { ThreadView } from '../../features/thread/components/thread-view';
import { useConversations } from '../../lib/conversations/list-conversations';
import { ConversationHeader } from './conversation-header';

const blockedReason = (name: string) => `You have blocked ${name}. Unblock them to send messages.`;

/** An existing conversation: its calls and bookings above the thread. */
export function ConversationThread({
  userId,
  conversationId,
  book,
}: {
  userId: string;
  conversationId: string;
  book: boolean;
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
  const disabledReason = conversation.blocked ? blockedReason(partner.name) : undefined;
  return (
    <>
      <ThreadAppointments
        key={`calls-${conversationId}`}
        userId={userId}
        conversationId={conversationId}
        partner={partner}
        startBooking={book}
        disabledReason={disabledReason}
      />
      <ThreadView
        key={conversationId}
        userId={userId}
        conversationId={conversationId}
        partner={partner}
        disabledReason={disabledReason}
        header={
          <ConversationHeader
            userId={userId}
            partner={partner}
            conversationId={conversationId}
            blocked={conversation.blocked}
          />
        }
      />
    </>
  );
}

/** 'Message' on a profile: the existing conversation with that person, or a new one on first send. */
export function NewConversation({
  userId,
  partnerId,
  book,
}: {
  userId: string;
  partnerId: string;
  book: boolean;
}) {
  const existing = useConversationWith(userId, partnerId);
  const partner = usePartner(partnerId);
  if (existing.data)
    return <Navigate to={`/messages/${existing.data}${book ? '?book=1' : ''}`} replace />;
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
    <>
      <ThreadAppointments userId={userId} partner={card} startBooking={book} />
      <ThreadView
        userId={userId}
        partner={card}
        header={<ConversationHeader userId={userId} partner={card} blocked={false} />}
      />
    </>
  );
}
