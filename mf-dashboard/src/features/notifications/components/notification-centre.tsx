import { Badge, Button, Card } from '@promatch/shared';
import { formatDistanceToNow } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useMarkRead, useNotifications, type Notification } from '../api/notifications';

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.5rem;
`;

const Item = styled.li<{ $unread: boolean }>`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid
    ${({ theme, $unread }) => ($unread ? theme.colors.primary : theme.colors.border)};
  border-radius: 0.5rem;
  padding: 0.75rem 1rem;
  display: grid;
  gap: 0.25rem;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
`;

/** The list's toolbar: the unread count, the filter and "Mark all read", above the list. */
const Toolbar = styled(Row)`
  margin-bottom: ${({ theme }) => theme.space.md};
  > p {
    margin: 0;
  }
`;

const KIND_LABELS: Record<string, string> = {
  appointment_reminder_24h: 'Appointment',
  appointment_reminder_15m: 'Appointment',
  project_match: 'Project match',
  team_member_joined: 'Team',
};

function NotificationItem({ item, userId }: { item: Notification; userId: string }) {
  const markRead = useMarkRead(userId);
  const unread = item.read_at === null;
  return (
    <Item $unread={unread}>
      <Row>
        <Badge>{KIND_LABELS[item.kind] ?? 'Notification'}</Badge>
        {unread ? <strong>Unread</strong> : <span>Read</span>}
        <time dateTime={item.created_at}>
          {formatDistanceToNow(new Date(item.created_at), { addSuffix: true })}
        </time>
      </Row>
      <h3>{item.title}</h3>
      <p>{item.body}</p>
      <Row>
        {item.link ? (
          <Link to={item.link} onClick={() => unread && markRead.mutate([item.id])}>
            Open
          </Link>
        ) : null}
        {unread ? (
          <Button
            type="button"
            $variant="ghost"
            $size="sm"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate([item.id])}
          >
            Mark “{item.title}” read
          </Button>
        ) : null}
      </Row>
    </Item>
  );
}

/** The notification centre: newest first, live, read/unread, one at a time or all at once. */
export function NotificationCentre({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  const markAll = useMarkRead(userId);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const all = notifications.data ?? [];
  const unread = all.filter((item) => item.read_at === null).length;
  const shown = unreadOnly ? all.filter((item) => item.read_at === null) : all;
  return (
    <Card as="section" aria-labelledby="notification-centre">
      <h2 id="notification-centre">Notification centre</h2>
      {notifications.isPending ? <p role="status">Loading your notifications…</p> : null}
      {notifications.isError ? (
        <div role="alert">
          <p>We could not load your notifications: {notifications.error.message}</p>
          <Button type="button" onClick={() => void notifications.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {notifications.data ? (
        <>
          <Toolbar>
            <p role="status">{unread === 0 ? 'Nothing unread' : `${unread} unread`}</p>
            <label>
              <input
                type="checkbox"
                checked={unreadOnly}
                onChange={(event) => setUnreadOnly(event.target.checked)}
              />{' '}
              Unread only
            </label>
            <Button
              type="button"
              $variant="outline"
              $size="sm"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate('all')}
            >
              Mark all read
            </Button>
          </Toolbar>
          {shown.length === 0 ? (
            <p>
              {all.length === 0
                ? 'No notifications yet. Reminders before your calls, projects that match you and team news will appear here as they happen.'
                : 'Everything here is read.'}
            </p>
          ) : (
            <List aria-label="Notifications">
              {shown.map((item) => (
                <NotificationItem key={item.id} item={item} userId={userId} />
              ))}
            </List>
          )}
        </>
      ) : null}
    </Card>
  );
}
