import { Button } from '@promatch/shared';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useMarkReminderRead, useReminders } from '../api/reminders';
import { formatLondon } from '../utils/london-time';

/** What each kind of notification links to. */
const LINK_TEXT: Record<string, string> = {
  project_match: 'View project',
  team_member_joined: 'View your teams',
};

/**
 * In-app notifications, unread first: reminders 24 hours and 15 minutes before each confirmed
 * call (linking to the conversation) and newly published projects that strongly match the
 * professional (linking to the project).
 */
const Reminders = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding-left: 1.25rem;
`;

export function RemindersList({ userId }: { userId: string }) {
  const reminders = useReminders(userId);
  const markRead = useMarkReminderRead(userId);
  const items = [...(reminders.data ?? [])].sort(
    (a, b) => Number(a.read_at !== null) - Number(b.read_at !== null),
  );
  return (
    <section aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">Reminders</h2>
      {reminders.isError ? <p role="alert">{reminders.error.message}</p> : null}
      {items.length === 0 && reminders.isSuccess ? <p>No reminders yet.</p> : null}
      <Reminders>
        {items.map((item) => (
          <li key={item.id}>
            <strong>{item.title}</strong> {item.read_at ? null : <em>(unread)</em>}
            <br />
            {item.body} <small>Sent {formatLondon(item.created_at)}.</small>{' '}
            {item.link ? (
              <Link to={item.link}>{LINK_TEXT[item.kind] ?? 'Open conversation'}</Link>
            ) : null}{' '}
            {item.read_at ? null : (
              <Button
                type="button"
                $size="sm"
                $variant="ghost"
                onClick={() => markRead.mutate(item.id)}
              >
                Mark as read
              </Button>
            )}
          </li>
        ))}
      </Reminders>
    </section>
  );
}
