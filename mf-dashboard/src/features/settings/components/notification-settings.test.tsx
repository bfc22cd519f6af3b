import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { NotificationSettings } from './notification-settings';

// The far side of supabase-js: the user's saved rows and the upsert.
const upsert = jest.fn();
jest.mock('../../../../../shared/src/supabase/client', () => ({
  getSupabaseClient: () =>
    Promise.resolve({
      from: () => ({
        select: () =>
          Promise.resolve({
            data: [{ kind: 'matches', in_app: true, email: false }],
            error: null,
          }),
        upsert: (...args: unknown[]) => upsert(...args),
      }),
    }),
}));

const session = { user: { id: 'u1', email: 'u1@example.com' } as never };

it('shows the saved choices (defaults where none) and saves all four kinds', async () => {
  upsert.mockResolvedValue({ error: null });
  renderWithProviders(<NotificationSettings />, { session });
  const matches = await screen.findByRole('group', { name: 'New projects you match' });
  expect(within(matches).getByRole('checkbox', { name: 'By e-mail' })).not.toBeChecked();
  expect(within(matches).getByRole('checkbox', { name: 'In ProMatch' })).toBeChecked();
  const messages = screen.getByRole('group', { name: 'New messages' });
  expect(within(messages).getByRole('checkbox', { name: 'By e-mail' })).toBeChecked();

  await userEvent.click(within(messages).getByRole('checkbox', { name: 'By e-mail' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save notification preferences' }));
  expect(upsert).toHaveBeenCalledWith(
    [
      { user_id: 'u1', kind: 'messages', in_app: true, email: false },
      { user_id: 'u1', kind: 'proposals', in_app: true, email: true },
      { user_id: 'u1', kind: 'appointments', in_app: true, email: true },
      { user_id: 'u1', kind: 'matches', in_app: true, email: false },
    ],
    { onConflict: 'user_id,kind' },
  );
  // the page says plainly that nothing is sent yet
  expect(screen.getByText(/ProMatch sends none of these notifications yet/)).toBeInTheDocument();
});
