import { toast } from '@promatch/shared';
import { useMemo } from 'react';
import styled from 'styled-components';
import { attachmentProblem, useAttachmentLimits } from '../api/attachment-limits';
import { uploadAttachment } from '../api/upload-attachment';
import { itemsForThread, useOutboxStore } from '../../../lib/outbox/outbox-store';
import { useThreadMessages } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { flattenThread } from '../../../lib/messages/thread-cache';
import { useThreadChannel } from '../api/use-thread-channel';
import { Composer } from './composer';
import { toDisplayMessages } from './display-message';
import { MessageList } from './message-list';

const Pane = styled.section`
  display: flex;
  flex-direction: column;
  height: min(70vh, 48rem);
  min-height: 24rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
`;

const Typing = styled.p`
  margin: 0;
  padding: 0 0.75rem;
  min-height: 1.5rem;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;

export interface ThreadViewProps {
  userId: string;
  /** The conversation, or undefined before the first message to `partner`. */
  conversationId?: string;
  partner: { id: string; name: string };
  header: React.ReactNode;
  disabledReason?: string;
}

/** One conversation: its messages (stored and queued), who is typing, and the composer. */
export function ThreadView({
  userId,
  conversationId,
  partner,
  header,
  disabledReason,
}: ThreadViewProps) {
  const thread = useThreadMessages(conversationId);
  const stored = useMemo(() => flattenThread(thread.data), [thread.data]);
  const outbox = useOutboxStore((state) => state.items);
  const enqueue = useOutboxStore((state) => state.enqueue);
  const retry = useOutboxStore((state) => state.retry);
  const queued = useMemo(
    () => itemsForThread(outbox, userId, { conversationId, recipientId: partner.id }),
    [outbox, userId, conversationId, partner.id],
  );
  const messages = useMemo(
    () => toDisplayMessages(stored, queued, userId),
    [stored, queued, userId],
  );
  const { partnerTyping, signalTyping } = useThreadChannel(conversationId, userId);
  const limits = useAttachmentLimits();
  useMarkRead(conversationId, userId, stored);

  const send = (
    text: string,
    attachment: Parameters<typeof enqueue>[0]['attachment'] = null,
    clientId = crypto.randomUUID(),
  ) =>
    enqueue({
      clientId,
      senderId: userId,
      conversationId: conversationId ?? null,
      recipientId: conversationId ? null : partner.id,
      content: text,
      attachment,
    });

  const attach = async (file: File): Promise<string | null> => {
    if (!conversationId) return 'Send a message first, then attach files.';
    if (!limits.data) return 'File limits are still loading; try again in a moment.';
    const problem = attachmentProblem(file, limits.data);
    if (problem) return problem;
    const clientId = crypto.randomUUID();
    try {
      const attachment = await uploadAttachment(conversationId, userId, clientId, file);
      send('', attachment, clientId);
      return null;
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The file could not be uploaded.';
      toast({ title: 'File not sent', description: message, variant: 'destructive' });
      return message;
    }
  };

  return (
    <Pane aria-label={`Conversation with ${partner.name}`}>
      {header}
      {thread.isError ? (
        <p role="alert">Messages could not be loaded. {thread.error.message}</p>
      ) : null}
      <MessageList
        messages={messages}
        partnerName={partner.name}
        hasOlder={Boolean(thread.hasNextPage)}
        loadingOlder={thread.isFetchingNextPage}
        onLoadOlder={() => void thread.fetchNextPage()}
        onRetry={retry}
      />
      <Typing aria-live="polite">{partnerTyping ? `${partner.name} is typing…` : ''}</Typing>
      <Composer
        onSend={(text) => send(text)}
        onTyping={signalTyping}
        onAttach={conversationId ? attach : undefined}
        disabledReason={disabledReason}
      />
    </Pane>
  );
}
