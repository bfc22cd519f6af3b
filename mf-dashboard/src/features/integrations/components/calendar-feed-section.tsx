import { Button, Card, Cluster, Label } from '@promatch/shared';
import { formatDistanceToNow } from 'date-fns';
import styled from 'styled-components';
import { useCalendarFeed, useCalendarFeedActions } from '../api/calendar-feed';

/** The address is long: the box takes the row's free width, its button wrapping below when narrow. */
const AddressInput = styled.input`
  flex: 1 1 24rem;
  padding: ${({ theme }) => theme.space.sm};
  font: inherit;
`;

/** The private calendar address: create it, copy it, replace it or turn it off. */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const { regenerate, revoke } = useCalendarFeedActions();
  const busy = regenerate.isPending || revoke.isPending;
  return (
    <Card as="section" aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading">Calendar feed</h2>
      <p>
        Subscribe to your ProMatch appointments from Google Calendar, Outlook or Apple Calendar. The
        address is private: anyone who has it can see your appointments, so replace it if you shared
        it by mistake.
      </p>
      {feed.isPending ? <p role="status">Loading your calendar address…</p> : null}
      {feed.isError ? (
        <p role="alert">We could not load your calendar address: {feed.error.message}</p>
      ) : null}
      {feed.data === null ? (
        <Button type="button" disabled={busy} onClick={() => regenerate.mutate()}>
          Create calendar address
        </Button>
      ) : null}
      {feed.data ? (
        <>
          <Label htmlFor="calendar-feed-url">Your calendar address</Label>
          <Cluster>
            <AddressInput
              id="calendar-feed-url"
              readOnly
              value={feed.data.url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button
              type="button"
              $variant="outline"
              onClick={() => void navigator.clipboard?.writeText(feed.data?.url ?? '')}
            >
              Copy address
            </Button>
          </Cluster>
          <p>
            {feed.data.last_used_at
              ? `Last read by a calendar app ${formatDistanceToNow(new Date(feed.data.last_used_at), { addSuffix: true })}.`
              : 'No calendar app has read it yet.'}
          </p>
          <Cluster>
            <Button
              type="button"
              $variant="secondary"
              disabled={busy}
              onClick={() => regenerate.mutate()}
            >
              Replace address
            </Button>
            <Button
              type="button"
              $variant="destructive"
              disabled={busy}
              onClick={() => revoke.mutate()}
            >
              Turn off calendar feed
            </Button>
          </Cluster>
        </>
      ) : null}
    </Card>
  );
}
