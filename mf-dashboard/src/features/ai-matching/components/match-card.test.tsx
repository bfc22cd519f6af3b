import { screen } from '@testing-library/react';
import { fakeSupabase, renderWithProviders } from '@promatch/shared/testing';
import type { Match } from '../api/types';
import { MatchCard } from './match-card';

// The heart reads the saved professionals through the shared supabase client.
const mockFake = fakeSupabase((call) =>
  call.table === 'favorites' ? { data: [{ professional_id: 'p1' }] } : { data: [] },
);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const match: Match = {
  id: 'p1',
  name: 'Priya Shah',
  title: 'React Native Developer',
  location: 'Leeds',
  skills: ['React Native'],
  hourly_rate_min: 50,
  hourly_rate_max: 70,
  rating: 4.7,
  review_count: 9,
  verified: true,
  availability: 'available',
  score: 82,
  reasons: ['Has React Native', 'Based in Leeds'],
  missing: ['Rate above your budget'],
};

const signedIn = (accountType: 'business' | 'professional') => ({
  user: { id: 'u1', email: 'u1@example.com' } as never,
  accountType,
});

it('offers a business Message (opening the conversation) and the favourites heart', async () => {
  renderWithProviders(<MatchCard match={match} rank={1} />, { session: signedIn('business') });
  expect(screen.getByRole('link', { name: 'Message Priya Shah' })).toHaveAttribute(
    'href',
    '/messages?to=p1',
  );
  const heart = screen.getByRole('button', { name: 'Save Priya Shah to favourites' });
  expect(await screen.findByTitle('Saved to favourites')).toBe(heart);
  expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('list', { name: 'Why Priya Shah matches' })).toHaveTextContent(
    'Based in Leeds',
  );
});

it('shows a professional the heart but no Message, and a visitor neither', () => {
  const { unmount } = renderWithProviders(<MatchCard match={match} rank={2} />, {
    session: signedIn('professional'),
  });
  expect(screen.queryByRole('link', { name: /^Message/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save Priya Shah to favourites' })).toBeVisible();
  unmount();
  renderWithProviders(<MatchCard match={match} rank={2} />);
  expect(screen.queryByRole('link', { name: /^Message/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /favourites/ })).not.toBeInTheDocument();
});
