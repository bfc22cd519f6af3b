import { Input, VisuallyHidden } from '@promatch/shared';
import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { PresenceDot } from '../../../lib/presence/presence-badge';
import {
  useConversations,
  type ConversationSummary,
} from '../../../lib/conversations/list-conversations';
import { Avatar } from './avatar';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled(NavLink)`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: 0.75rem;
  align-items: center;
  padding: 0.6rem 0.5rem;
  border-radius: ${({ theme }) => theme.radius};
  color: inherit;
  text-decoration: none;

  &.active,
  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const Name = styled.span`
  display: flex;
  gap: 0.4rem;
  align-items: center;
  font-weight: 600;
`;

const Preview = styled.span`
  display: block;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

const Unread = styled.span`
  min-width: 1.5rem;
  padding: 0 0.4rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.75rem;
  font-weight: 700;
  text-align: center;
`;

const when = (iso: string) => {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    ...(sameDay ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' }),
  }).format(date);
};

/** The name and last message; may shrink so a long preview ellipsises instead of overflowing. */
const Summary = styled.span`
  min-width: 0;
`;

/** When the last message came and how many are unread, stacked at the row's end. */
const Meta = styled.span`
  display: grid;
  justify-items: end;
  gap: ${({ theme }) => theme.space.xs};
  font-size: 0.75rem;
`;

function Row({ conversation, userId }: { conversation: ConversationSummary; userId: string }) {
  const name = conversation.partner_name || 'User';
  const preview = conversation.last_message
    ? `${conversation.last_message_sender === userId ? 'You: ' : ''}${conversation.last_message}`
    : 'No messages yet';
  return (
    <li>
      <Item to={`/messages/${conversation.id}`}>
        <Avatar name={name} url={conversation.partner_avatar_url} />
        <Summary>
          <Name>
            <PresenceDot status={conversation.partner_status} name={name} />
            {name}
          </Name>
          <Preview>{preview}</Preview>
        </Summary>
        <Meta>
          <time dateTime={conversation.last_message_at}>{when(conversation.last_message_at)}</time>
          {conversation.unread_count > 0 ? (
            <Unread>
              {conversation.unread_count}
              <VisuallyHidden> unread</VisuallyHidden>
            </Unread>
          ) : null}
        </Meta>
      </Item>
    </li>
  );
}

/** The inbox: newest conversation first, each with partner, status, last message and unread count. */
export function ConversationList({ userId }: { userId: string }) {
  const [search, setSearch] = useState('');
  const id = useId();
  const { data, isPending, isError, error } = useConversations(search);
  return (
    <nav aria-label="Conversations">
      <VisuallyHidden as="label" htmlFor={id}>
        Search conversations
      </VisuallyHidden>
      <Input
        id={id}
        type="search"
        placeholder="Search conversations"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {isPending ? <p>Loading conversations…</p> : null}
      {isError ? <p role="alert">Conversations could not be loaded. {error.message}</p> : null}
      {data && data.length === 0 ? (
        <p>
          {search.trim()
            ? 'No conversations match your search.'
            : 'No conversations yet. Message a professional from their profile to start one.'}
        </p>
      ) : null}
      <List>
        {data?.map((conversation) => (
          <Row key={conversation.id} conversation={conversation} userId={userId} />
        ))}
      </List>
    </nav>
  );
}
