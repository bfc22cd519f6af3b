import { Button, Cluster, Spacer, toast } from '@promatch/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAppointmentAction, type ProposalInput } from '../api/appointment-actions';
import { useConversationAppointments } from '../api/get-appointments';
import { shownStatus } from '../utils/appointment-state';
import { useNow } from '../hooks/use-now';
import { AppointmentCard } from './appointment-card';
import { BookingAllowance } from './booking-allowance';
import { BookingForm } from './booking-form';

const Section = styled.section`
  display: grid;
  gap: 0.5rem;
  margin-bottom: 0.75rem;

  h2 {
    margin: 0;
    font-size: 1rem;
  }
  summary {
    cursor: pointer;
  }
`;

export interface ThreadAppointmentsProps {
  userId: string;
  /** Undefined before the pair's first message or booking. */
  conversationId?: string;
  partner: { id: string; name: string };
  /** Opened with ?book=1 (the profile's 'Book a call'). */
  startBooking?: boolean;
  disabledReason?: string;
}

/** The conversation's calls as event cards, and 'Book a call' for the pair. */
export function ThreadAppointments({
  userId,
  conversationId,
  partner,
  startBooking = false,
  disabledReason,
}: ThreadAppointmentsProps) {
  const [booking, setBooking] = useState(startBooking && !disabledReason);
  const list = useConversationAppointments(conversationId);
  const action = useAppointmentAction();
  const navigate = useNavigate();
  const now = useNow();
  const all = list.data ?? [];
  const active = all.filter((a) => ['proposed', 'confirmed'].includes(shownStatus(a, now)));
  const past = all.filter((a) => !active.includes(a));

  const propose = (proposal: ProposalInput) =>
    action.mutateAsync({ kind: 'propose', with: partner.id, proposal }).then((row) => {
      setBooking(false);
      toast({ title: 'Times proposed', description: `${partner.name} can now accept one.` });
      if (!conversationId && row.conversation_id) navigate(`/messages/${row.conversation_id}`);
    });

  return (
    <Section aria-label={`Calls with ${partner.name}`}>
      <Cluster $nowrap>
        <h2>Calls</h2>
        <Spacer />
        {disabledReason ? null : (
          <Button
            type="button"
            $size="sm"
            aria-expanded={booking}
            onClick={() => setBooking((b) => !b)}
          >
            Book a call
          </Button>
        )}
      </Cluster>
      {booking ? (
        <BookingAllowance userId={userId}>
          <BookingForm
            label={`Book a call with ${partner.name}`}
            submitLabel="Propose times"
            busy={action.isPending}
            onSubmit={propose}
            onCancel={() => setBooking(false)}
          />
        </BookingAllowance>
      ) : null}
      {list.isError ? <p role="alert">Calls could not be loaded. {list.error.message}</p> : null}
      {active.map((a) => (
        <AppointmentCard key={a.id} appointment={a} userId={userId} now={now} />
      ))}
      {past.length > 0 ? (
        <details>
          <summary>Earlier calls ({past.length})</summary>
          {past.map((a) => (
            <AppointmentCard key={a.id} appointment={a} userId={userId} now={now} />
          ))}
        </details>
      ) : null}
    </Section>
  );
}
