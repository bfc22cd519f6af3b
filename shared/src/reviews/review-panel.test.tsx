import { fakeSupabase, opArgs, renderWithProviders } from '@promatch/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReviewPanel } from './review-panel';
import type { Review } from './reviews-api';

// the far side of supabase-js: one review row at most, the calls made on it recorded
let stored: Review | null = null;
const mockFake = fakeSupabase((request) => {
  if (request.table !== 'reviews') return { error: { message: `unexpected ${request.table}` } };
  const row = opArgs(request, 'insert')?.[0] as Record<string, unknown> | undefined;
  const change = opArgs(request, 'update')?.[0] as Record<string, unknown> | undefined;
  if (row)
    stored = {
      id: 'r-1',
      rating: Number(row.rating),
      comment: String(row.comment),
      professional_reply: null,
      replied_at: null,
      created_at: '2026-11-28T10:00:00Z',
    };
  else if (change) stored = { ...stored!, professional_reply: String(change.professional_reply) };
  else return { data: stored };
  return {};
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const calls = () => mockFake.calls;

const call = { kind: 'appointment', id: 'a-1' } as const;

beforeEach(() => {
  stored = null;
  mockFake.calls.length = 0;
});

test('the business rates a completed call, with at least ten characters, once', async () => {
  renderWithProviders(
    <ReviewPanel subject={call} professionalId="p-1" name="Ada Lovelace" as="business" />,
  );
  const form = await screen.findByRole('form', { name: 'Review Ada Lovelace' });
  await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
  expect(await screen.findByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  expect(screen.getByText('Write at least 10 characters about the work')).toBeVisible();
  expect(calls().some((c) => opArgs(c, 'insert'))).toBe(false);

  await userEvent.click(screen.getByLabelText('4 stars'));
  await userEvent.type(screen.getByLabelText('Your review'), 'Clear, practical advice.');
  await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
  expect(await screen.findByText('4 out of 5 stars')).toBeInTheDocument();
  expect(form).not.toBeInTheDocument();
  expect(
    opArgs(
      calls().find((c) => opArgs(c, 'insert')),
      'insert',
    )?.[0],
  ).toEqual({
    professional_id: 'p-1',
    project_id: null,
    appointment_id: 'a-1',
    rating: 4,
    comment: 'Clear, practical advice.',
  });
  // the review is read by the call it is about
  const read = calls().find((c) => opArgs(c, 'maybeSingle'));
  expect(opArgs(read, 'eq')).toEqual(['appointment_id', 'a-1']);
});

test('the professional waits for the review, then replies once', async () => {
  const { unmount } = renderWithProviders(
    <ReviewPanel subject={call} professionalId="p-1" name="Ada Lovelace" as="professional" />,
  );
  expect(await screen.findByText('The business has not reviewed this call yet.')).toBeVisible();
  unmount();

  stored = {
    id: 'r-1',
    rating: 5,
    comment: 'Superb.',
    professional_reply: null,
    replied_at: null,
    created_at: '2026-11-28T10:00:00Z',
  };
  renderWithProviders(
    <ReviewPanel subject={call} professionalId="p-1" name="Ada Lovelace" as="professional" />,
  );
  await userEvent.type(await screen.findByLabelText('Your reply'), 'Thank you!');
  await userEvent.click(screen.getByRole('button', { name: 'Publish reply' }));
  expect(await screen.findByText('Reply from Ada Lovelace:')).toBeVisible();
  expect(screen.queryByRole('form', { name: 'Reply to the review' })).not.toBeInTheDocument();
});
