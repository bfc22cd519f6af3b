import { Stack, usePageTitle, useSession } from '@promatch/shared';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAppointmentsLive } from '../api/use-appointments-live';
import { usePastAppointments, useUpcomingAppointments } from '../api/get-appointments';
import { AppointmentCard } from './appointment-card';
import { RemindersList } from './reminders-list';
import { shownStatus } from '../utils/appointment-state';
import { UK_TIME_ZONE } from '../utils/london-time';
import { useNow } from '../hooks/use-now';

const Layout = styled(Stack).attrs({ $gap: 'lg' })`
  max-width: 48rem;
  margin: 0 auto;
  padding: 1.5rem 1rem;
`;

/** /messages/upcoming: the user's proposed and confirmed calls, soonest first, reminders, and past calls. */
export function UpcomingPage() {
  usePageTitle('Upcoming calls');
  const userId = useSession((state) => state.user?.id);
  useAppointmentsLive(userId);
  const upcoming = useUpcomingAppointments(userId ?? '');
  const now = useNow();
  if (!userId) return null;
  const items = (upcoming.data ?? []).filter((a) =>
    ['proposed', 'confirmed'].includes(shownStatus(a, now)),
  );
  return (
    <Layout>
      <p>
        <Link to="/messages">Back to messages</Link>
      </p>
      <h1>Upcoming calls</h1>
      <p>All times are UK time ({UK_TIME_ZONE}).</p>
      {upcoming.isPending ? <p>Loading calls…</p> : null}
      {upcoming.isError ? <p role="alert">{upcoming.error.message}</p> : null}
      {upcoming.isSuccess && items.length === 0 ? (
        <p>No upcoming calls. Book one from a conversation or a professional&rsquo;s profile.</p>
      ) : null}
      {items.map((a) => (
        <Stack key={a.id} $gap="xs">
          <AppointmentCard appointment={a} userId={userId} now={now} />
          {a.conversation_id ? (
            <Link to={`/messages/${a.conversation_id}`}>Open the conversation</Link>
          ) : null}
        </Stack>
      ))}
      <RemindersList userId={userId} />
      <PastCalls userId={userId} now={now} />
    </Layout>
  );
}

/** Calls that took place, latest first: each can be reviewed by the business, answered by the professional. */
function PastCalls({ userId, now }: { userId: string; now: number }) {
  const past = usePastAppointments(userId);
  return (
    <section aria-labelledby="past-calls">
      <h2 id="past-calls">Past calls</h2>
      {past.isPending ? <p>Loading past calls…</p> : null}
      {past.isError ? <p role="alert">{past.error.message}</p> : null}
      {past.isSuccess && past.data.length === 0 ? <p>No past calls yet.</p> : null}
      <Stack $gap="md">
        {(past.data ?? []).map((a) => (
          <AppointmentCard key={a.id} appointment={a} userId={userId} now={now} />
        ))}
      </Stack>
    </section>
  );
}
