import { Badge, Button, toast, VisuallyHidden } from '@promatch/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAppointmentAction } from '../api/appointment-actions';
import {
  awaitsAnswerFrom,
  canJoin,
  otherPartyName,
  shownStatus,
  STATUS_LABELS,
  type Appointment,
} from '../utils/appointment-state';
import { formatDuration } from '../utils/duration';
import { formatLondon } from '../utils/london-time';
import { BookingForm } from './booking-form';
import { CancelForm } from './cancel-form';
import { DownloadIcsButton } from './download-ics-button';
import { Actions } from './form-styles';
import { CallReview } from './call-review';

const Card = styled.article`
  display: grid;
  gap: 0.5rem;
  padding: 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};

  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p,
  ul {
    margin: 0;
  }
`;

const TONES = {
  proposed: 'warning',
  confirmed: 'success',
  completed: 'primary',
  declined: 'neutral',
  cancelled: 'neutral',
} as const;

export interface AppointmentCardProps {
  appointment: Appointment;
  userId: string;
  now: number;
}

/** One appointment as an event card: its state, times, and what this user can do next. */
export function AppointmentCard({ appointment: a, userId, now }: AppointmentCardProps) {
  const [open, setOpen] = useState<'cancel' | 'other' | null>(null);
  const action = useAppointmentAction();
  const status = shownStatus(a, now);
  const other = otherPartyName(a, userId);
  const answering = awaitsAnswerFrom(a, userId);
  const failed = (error: Error) =>
    toast({ title: 'That did not work', description: error.message, variant: 'destructive' });
  const act = (input: Parameters<typeof action.mutateAsync>[0]) =>
    action.mutateAsync(input).then(() => setOpen(null));

  return (
    <Card aria-label={`Call with ${other}: ${STATUS_LABELS[status]}`}>
      <h3>
        Call with {other} <Badge $tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>
      </h3>
      {status === 'proposed' ? (
        <>
          <p>
            {a.proposed_by === userId ? 'You proposed' : `${other} proposed`} (
            {formatDuration(a.duration_minutes)}):
          </p>
          <ul>
            {a.proposed_times.map((time) => (
              <li key={time}>
                {formatLondon(time)}{' '}
                {answering ? (
                  <Button
                    type="button"
                    $size="sm"
                    disabled={action.isPending}
                    onClick={() =>
                      void act({ kind: 'accept', id: a.id, startsAt: time }).catch(failed)
                    }
                  >
                    Accept<VisuallyHidden> {formatLondon(time)}</VisuallyHidden>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {answering ? null : <p>Waiting for {other} to answer.</p>}
        </>
      ) : (
        <p>
          {formatLondon(a.starts_at)} · {formatDuration(a.duration_minutes)}
        </p>
      )}
      {a.description ? <p>Note: {a.description}</p> : null}
      {status === 'cancelled' ? (
        <p>
          Cancelled by {a.cancelled_by === userId ? 'you' : other}: {a.cancel_reason}
        </p>
      ) : null}
      {status === 'confirmed' ? <ConfirmedActions appointment={a} other={other} now={now} /> : null}
      {status === 'completed' ? <CallReview appointment={a} userId={userId} /> : null}
      <Actions>
        {answering ? (
          <>
            <Button type="button" $size="sm" $variant="outline" onClick={() => setOpen('other')}>
              Propose other times
            </Button>
            <Button
              type="button"
              $size="sm"
              $variant="outline"
              disabled={action.isPending}
              onClick={() => void act({ kind: 'decline', id: a.id }).catch(failed)}
            >
              Decline
            </Button>
          </>
        ) : null}
        {status === 'proposed' || status === 'confirmed' ? (
          <Button type="button" $size="sm" $variant="ghost" onClick={() => setOpen('cancel')}>
            Cancel…
          </Button>
        ) : null}
      </Actions>
      {open === 'cancel' ? (
        <CancelForm
          busy={action.isPending}
          onSubmit={(reason) => act({ kind: 'cancel', id: a.id, reason })}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'other' ? (
        <BookingForm
          label={`Propose other times to ${other}`}
          submitLabel="Send other times"
          defaultDuration={a.duration_minutes}
          busy={action.isPending}
          onSubmit={(proposal) => act({ kind: 'propose-other', id: a.id, proposal })}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </Card>
  );
}

function ConfirmedActions({
  appointment,
  other,
  now,
}: {
  appointment: Appointment;
  other: string;
  now: number;
}) {
  const room = `/messages/${appointment.conversation_id}/call?appointment=${appointment.id}`;
  return (
    <Actions>
      {canJoin(appointment, now) && appointment.conversation_id ? (
        <Button as={Link} to={room} $size="sm" $variant="cta">
          Join call
        </Button>
      ) : (
        <p>&lsquo;Join call&rsquo; opens 10 minutes before the start.</p>
      )}
      <DownloadIcsButton appointment={appointment} other={other} />
    </Actions>
  );
}
