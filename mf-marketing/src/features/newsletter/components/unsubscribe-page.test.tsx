import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, renderWithProviders } from '@promatch/shared/testing';
import { UnsubscribePage } from './unsubscribe-page';

const mockFake = fakeSupabase((call) =>
  call.fn === 'newsletter-unsubscribe'
    ? { data: { success: true, message: 'You are unsubscribed.', error: null } }
    : { error: { message: `unexpected ${call.fn ?? call.table}` } },
);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const TOKEN = 'a'.repeat(64);

beforeEach(() => {
  mockFake.calls.length = 0;
});

it('unsubscribes the address in the link with its token when asked', async () => {
  renderWithProviders(<UnsubscribePage />, `/unsubscribe?email=ann%40example.com&token=${TOKEN}`);
  expect(screen.getByText('ann@example.com')).toBeInTheDocument();
  // nothing happens until the reader presses the button
  expect(mockFake.calls).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  expect(mockFake.calls).toEqual([
    { fn: 'newsletter-unsubscribe', args: { email: 'ann@example.com', token: TOKEN }, ops: [] },
  ]);
  expect(await screen.findByRole('status')).toHaveTextContent('You are unsubscribed.');
});

it('says when the link is incomplete', () => {
  renderWithProviders(<UnsubscribePage />, '/unsubscribe?email=ann%40example.com');
  expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is incomplete.');
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
});
