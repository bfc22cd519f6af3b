import { screen } from '@testing-library/react';
import { fakeSupabase, opArgs, renderWithProviders } from '@promatch/shared/testing';
import { BookingAllowance } from './booking-allowance';

// the far side of supabase-js: this month's bookings counter
let bookings: number | null = null;
const mockFake = fakeSupabase((call) =>
  call.table === 'subscription_usage' && opArgs(call, 'eq')
    ? { data: bookings === null ? null : { current_usage: bookings } }
    : { error: { message: `unexpected ${call.table}` } },
);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const sessionFor = (type: 'business' | 'professional', limit: number) => ({
  user: {
    id: 'u1',
    email: 'someone@acme.co.uk',
    name: 'Someone',
    type,
    domain: 'acme.co.uk',
    user_metadata: {},
  },
  accountType: type,
  subscription: {
    plan_type: 'free' as const,
    plan_name: 'Free',
    features: {},
    limits: { bookings: limit },
    commission_rate: 15,
  },
});
const form = <form aria-label="Book a call with Ada" />;

beforeEach(() => {
  bookings = null;
});

it('says how many calls are left this month and offers the form', async () => {
  bookings = 18;
  renderWithProviders(<BookingAllowance userId="u1">{form}</BookingAllowance>, {
    session: sessionFor('business', 20),
  });
  expect(await screen.findByText('You can book 2 more calls this month.')).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'Book a call with Ada' })).toBeInTheDocument();
});

it('counts nothing booked yet as none used', async () => {
  renderWithProviders(<BookingAllowance userId="u1">{form}</BookingAllowance>, {
    session: sessionFor('business', 20),
  });
  expect(await screen.findByText('You can book 20 more calls this month.')).toBeInTheDocument();
});

it('at the limit tells a professional why and offers Pro instead of the form', async () => {
  bookings = 20;
  renderWithProviders(<BookingAllowance userId="u1">{form}</BookingAllowance>, {
    session: sessionFor('professional', 20),
  });
  expect(
    await screen.findByText('You have used all 20 of your bookings this month on the Free plan.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/plan');
  expect(screen.queryByRole('form', { name: 'Book a call with Ada' })).not.toBeInTheDocument();
});

it('at the limit tells a business when it can book again', async () => {
  bookings = 20;
  renderWithProviders(<BookingAllowance userId="u1">{form}</BookingAllowance>, {
    session: sessionFor('business', 20),
  });
  expect(
    await screen.findByText('You can book more calls from the 1st of next month.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
});
