import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, opArgs, renderWithProviders } from '@promatch/shared/testing';
import { FavouritesPage } from './favourites-page';

const professional = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  title: 'Consultant',
  location: 'London',
  avatar_url: null,
  rating: 4,
  review_count: 2,
  hourly_rate_min: 50,
  hourly_rate_max: 80,
  categories: ['software-development'],
  availability: 'available',
  ...extra,
});

const FAVOURITES = [
  {
    id: 'f1',
    note: 'Great on React',
    created_at: '2026-11-20T10:00:00Z',
    professional: professional('p1', 'Zara Zed', { rating: 4.9, hourly_rate_min: 90 }),
  },
  {
    id: 'f2',
    note: '',
    created_at: '2026-11-22T10:00:00Z',
    professional: professional('p2', 'Adam Able', {
      categories: ['cybersecurity'],
      availability: 'busy',
      hourly_rate_min: 40,
    }),
  },
];

// The far side of supabase-js: the favourites (with their professionals) and the note update.
// The hearts come from @promatch/shared, which reaches the client through its own module.
let savedIds = new Set<string>();
const mockFake = fakeSupabase((call) => {
  if (call.table !== 'favorites') return { error: { message: `unexpected ${call.table}` } };
  if (opArgs(call, 'delete')) {
    const [column, id] = opArgs(call, 'eq') as [string, string];
    if (column === 'professional_id') savedIds.delete(id);
    return {};
  }
  if (opArgs(call, 'update')) return {};
  return opArgs(call, 'select')?.[0] === 'professional_id'
    ? { data: [...savedIds].map((id) => ({ professional_id: id })) }
    : { data: FAVOURITES };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const writes = (op: 'update' | 'delete') =>
  mockFake.calls
    .filter((call) => opArgs(call, op))
    .map((call) => [opArgs(call, op)?.[0], opArgs(call, 'eq')]);

const session = {
  session: {
    user: {
      id: 'b-1',
      email: 'buyer@example.co.uk',
      name: 'Buyer',
      type: 'business' as const,
      domain: 'example.co.uk',
      user_metadata: {},
    },
    accountType: 'business' as const,
  },
};

const names = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

beforeEach(() => {
  mockFake.calls.length = 0;
  savedIds = new Set(['p1', 'p2']);
});

describe('the favourites page', () => {
  it('sorts and filters the saved professionals', async () => {
    renderWithProviders(<FavouritesPage />, session);
    await screen.findByText('Showing 2 of 2');
    expect(names()).toEqual(['Adam Able', 'Zara Zed']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Highest rated');
    expect(names()).toEqual(['Zara Zed', 'Adam Able']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Lowest hourly rate');
    expect(names()).toEqual(['Adam Able', 'Zara Zed']);
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Cybersecurity');
    expect(names()).toEqual(['Adam Able']);
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'All categories');
    await userEvent.click(screen.getByLabelText('Available now only'));
    expect(names()).toEqual(['Zara Zed']);
    await userEvent.click(screen.getByLabelText('Available now only'));
    // Text search reaches the private note too.
    await userEvent.type(screen.getByLabelText('Search your favourites'), 'react');
    expect(names()).toEqual(['Zara Zed']);
  });

  it('saves a private note and removes a favourite with its heart', async () => {
    renderWithProviders(<FavouritesPage />, session);
    const card = (await screen.findByRole('link', { name: 'Adam Able' })).closest('article')!;
    await userEvent.type(within(card as HTMLElement).getByLabelText('Private note'), 'Call Monday');
    await userEvent.click(
      within(card as HTMLElement).getByRole('button', { name: 'Save note about Adam Able' }),
    );
    await waitFor(() =>
      expect(writes('update')).toEqual([[{ note: 'Call Monday' }, ['id', 'f2']]]),
    );
    const heart = within(card as HTMLElement).getByRole('button', {
      name: 'Save Adam Able to favourites',
    });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(heart);
    await waitFor(() => expect(writes('delete')).toEqual([[undefined, ['professional_id', 'p2']]]));
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });
});
