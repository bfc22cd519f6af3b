import { renderWithProviders } from '@promatch/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '../utils/appointment-state';
import { AppointmentCard } from './appointment-card';

const MIN = 60_000;
const now = Date.parse('2026-11-26T14:00:00Z');
const BUSINESS = 'b-1';
const PRO = 'p-1';

const appointment = (overrides: Partial<Appointment> = {}): Appointment =>
  ({
    id: 'a-1',
    business_id: BUSINESS,
    professional_id: PRO,
    created_by: BUSINESS,
    proposed_by: BUSINESS,
    conversation_id: 'c-1',
    title: 'Call',
    description: null,
    status: 'proposed',
    proposed_times: ['2026-11-27T10:00:00+00:00', '2026-11-28T15:30:00+00:00'],
    duration_minutes: 30,
    starts_at: '2026-11-27T10:00:00+00:00',
    ends_at: '2026-11-27T10:30:00+00:00',
    cancel_reason: null,
    cancelled_by: null,
    business: { name: 'Acme Ltd' },
    professional: { name: 'Ada Lovelace' },
    ...overrides,
  }) as Appointment;

const show = (a: Appointment, userId: string) =>
  renderWithProviders(<AppointmentCard appointment={a} userId={userId} now={now} />);

describe('appointment card', () => {
  test('the proposer waits; the other party can accept a time, decline or propose others', () => {
    show(appointment(), BUSINESS);
    expect(screen.getByRole('article', { name: 'Call with Ada Lovelace: Proposed' })).toBeVisible();
    expect(screen.getByText('Waiting for Ada Lovelace to answer.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
  });

  test('the answering party sees each time in UK time with its own Accept button', () => {
    show(appointment(), PRO);
    expect(screen.getByRole('button', { name: 'Accept Fri 27 Nov 2026, 10:00 GMT' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Accept Sat 28 Nov 2026, 15:30 GMT' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Propose other times' })).toBeVisible();
  });

  test('Join call appears from ten minutes before a confirmed call and links to its room', () => {
    const confirmed = (startsIn: number) =>
      appointment({
        status: 'confirmed',
        starts_at: new Date(now + startsIn * MIN).toISOString(),
        ends_at: new Date(now + (startsIn + 30) * MIN).toISOString(),
      });
    const { unmount } = show(confirmed(11), PRO);
    expect(screen.queryByRole('link', { name: 'Join call' })).not.toBeInTheDocument();
    expect(screen.getByText(/opens 10 minutes before the start/)).toBeVisible();
    unmount();
    show(confirmed(9), PRO);
    expect(screen.getByRole('link', { name: 'Join call' })).toHaveAttribute(
      'href',
      '/messages/c-1/call?appointment=a-1',
    );
    expect(screen.getByRole('button', { name: 'Download .ics' })).toBeVisible();
  });

  test('a confirmed call past its end shows as completed, with no actions', () => {
    show(
      appointment({
        status: 'confirmed',
        starts_at: '2026-11-26T12:00:00Z',
        ends_at: '2026-11-26T12:30:00Z',
      }),
      PRO,
    );
    expect(screen.getByRole('article', { name: 'Call with Acme Ltd: Completed' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel…' })).not.toBeInTheDocument();
    // and its review: the business writes it, the professional answers it
    expect(screen.getByRole('region', { name: 'Review of this call' })).toBeVisible();
  });

  test('calls still to come have no review', () => {
    show(appointment({ status: 'confirmed' }), BUSINESS);
    expect(screen.queryByRole('region', { name: 'Review of this call' })).not.toBeInTheDocument();
  });

  test('cancelling asks for a reason; a cancelled call shows who cancelled and why', async () => {
    const { unmount } = show(appointment(), PRO);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give a reason for cancelling.');
    unmount();
    show(
      appointment({ status: 'cancelled', cancelled_by: BUSINESS, cancel_reason: 'Project paused' }),
      PRO,
    );
    expect(screen.getByText('Cancelled by Acme Ltd: Project paused')).toBeVisible();
  });
});
