import { Link } from 'react-router-dom';
import { formatWhen } from '../../../lib/format/format';
import { useUnreadMessages } from '../api/get-unread-messages';
import { useUpcomingAppointments } from '../api/get-upcoming-appointments';
import { BigFigure, Muted, PanelLoading } from './overview-panel';

const APPOINTMENT_STATUS: Record<string, string> = {
  proposed: 'Awaiting confirmation',
  confirmed: 'Confirmed',
};

/** The next calls, with the other party's name; both account types see this panel. */
export function AppointmentsPanel({ as }: { as: 'professional' | 'business' }) {
  const { data } = useUpcomingAppointments();
  if (data === undefined) return <PanelLoading />;
  if (data.length === 0) return <Muted>No upcoming calls.</Muted>;
  return (
    <ul>
      {data.map((appointment) => {
        const other = as === 'professional' ? appointment.business : appointment.professional;
        return (
          <li key={appointment.id}>
            <strong>{appointment.title}</strong>
            {other ? ` with ${other.name}` : ''}
            <br />
            {formatWhen(appointment.starts_at)} ·{' '}
            {APPOINTMENT_STATUS[appointment.status] ?? appointment.status}
          </li>
        );
      })}
    </ul>
  );
}

/** How many messages wait to be read, and from whom the latest came. */
export function UnreadMessagesPanel() {
  const { data } = useUnreadMessages();
  if (data === undefined) return <PanelLoading />;
  return (
    <>
      <BigFigure>{data.total}</BigFigure>
      <Muted>{data.total === 1 ? 'unread message' : 'unread messages'}</Muted>
      {data.latest.length > 0 ? (
        <ul>
          {data.latest.map((message) => (
            <li key={message.id}>
              <strong>{message.sender?.name ?? 'Someone'}</strong>:{' '}
              {message.content.length > 80 ? `${message.content.slice(0, 80)}…` : message.content}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to="/messages">Open messages</Link>
      </p>
    </>
  );
}
