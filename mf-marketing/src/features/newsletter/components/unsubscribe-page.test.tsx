import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { UnsubscribePage } from './unsubscribe-page';

const invoke = jest.fn();
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () =>
    Promise.resolve({ functions: { invoke: (...args: unknown[]) => invoke(...args) } }),
}));

const TOKEN = 'a'.repeat(64);

beforeEach(() => invoke.mockReset());

it('unsubscribes the address in the link with its token when asked', async () => {
  invoke.mockResolvedValue({
    data: { success: true, message: 'You are unsubscribed.', error: null },
    error: null,
  });
  renderWithProviders(<UnsubscribePage />, `/unsubscribe?email=ann%40example.com&token=${TOKEN}`);
  expect(screen.getByText('ann@example.com')).toBeInTheDocument();
  // nothing happens until the reader presses the button
  expect(invoke).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
  expect(invoke).toHaveBeenCalledWith('newsletter-unsubscribe', {
    body: { email: 'ann@example.com', token: TOKEN },
  });
  expect(await screen.findByRole('status')).toHaveTextContent('You are unsubscribed.');
});

it('says when the link is incomplete', () => {
  renderWithProviders(<UnsubscribePage />, '/unsubscribe?email=ann%40example.com');
  expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is incomplete.');
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
});
