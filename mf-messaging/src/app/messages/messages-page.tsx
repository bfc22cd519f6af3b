import { useSession } from '@promatch/shared';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useAppointmentsLive } from '../../features/appointments/api/use-appointments-live';
import {
  Empty,
  MessagesLayout,
  SignedOut,
} from '../../features/conversations/components/messages-layout';
import { useOutboxRunner } from '../../features/outbox/hooks/use-outbox-runner';
import { BusyToggle } from '../../features/presence/components/busy-toggle';
import { ConversationThread, NewConversation } from './conversation-pane';

function Page({ userId, children }: { userId: string; children: ReactNode }) {
  // Also here, not only beside the header badge: the remote running alone has no header, and in
  // the shell the badge loads only after the page's own data.
  useOutboxRunner(userId);
  useAppointmentsLive(userId);
  return (
    <MessagesLayout userId={userId} status={<BusyToggle />}>
      {children}
    </MessagesLayout>
  );
}

/**
 * /messages (inbox; `?to=<user>` opens the conversation with that user) and /messages/:id;
 * `book=1` opens the booking form ('Book a call' on a profile).
 */
export function MessagesPage() {
  const userId = useSession((state) => state.user?.id);
  const { conversationId } = useParams();
  const [params] = useSearchParams();
  const to = params.get('to');
  const book = params.get('book') === '1';
  if (!userId) return <SignedOut />;
  let content: ReactNode = <Empty>Choose a conversation to read it.</Empty>;
  if (conversationId)
    content = <ConversationThread userId={userId} conversationId={conversationId} book={book} />;
  else if (to) content = <NewConversation key={to} userId={userId} partnerId={to} book={book} />;
  return <Page userId={userId}>{content}</Page>;
}
