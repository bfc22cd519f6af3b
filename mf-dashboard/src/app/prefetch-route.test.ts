import {
  afterPageData,
  getAppQueryClient,
  initSessionStore,
  resetPageDataGate,
  resetSessionStore,
} from '@promatch/shared';
import { QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { fakeSupabase, type FakeCall } from '@promatch/shared/testing';
import { teamKeys } from '../features/teams/api/keys';
import { prefetchRoute } from './prefetch-route';

const person = (id: string, name: string) => ({ id, name, avatar_url: null });
const team = (id: string, owner: string, members: [string, 'admin' | 'member'][]) => ({
  id,
  name: `Team ${id}`,
  description: null,
  created_at: '2026-11-20T10:00:00Z',
  owner_id: owner,
  owner: person(owner, owner),
  members: members.map(([user, role]) => ({
    role,
    created_at: '2026-11-21T10:00:00Z',
    profile: person(user, user),
  })),
  favourites: [],
  projects: [],
});

const mockFake = fakeSupabase((call: FakeCall) => {
  // 'me' owns t1 and is a plain member of t2
  if (call.table === 'teams')
    return { data: [team('t1', 'me', [['ann', 'member']]), team('t2', 'bob', [['me', 'member']])] };
  return { data: [] };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const at = (path: string) => new URL(path, 'http://localhost') as unknown as Location;
const signIn = (id: string) =>
  initSessionStore()
    .getState()
    .setSession({
      user: {
        id,
        email: `${id}@example.co.uk`,
        name: id,
        type: 'business',
        domain: '',
        user_metadata: {},
      },
      accountType: 'business',
      isLoading: false,
    });
const invitationCalls = () =>
  mockFake.calls
    .filter((call) => call.table === 'team_invitations')
    .map((call) => call.ops.find(([op]) => op === 'eq')?.[1]);

beforeEach(async () => {
  mockFake.calls.length = 0;
  resetSessionStore();
  resetPageDataGate();
  (await getAppQueryClient()).clear();
});

it('asks for a page’s data once the session is known, before the page renders', async () => {
  initSessionStore();
  prefetchRoute(at('/teams'));
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(mockFake.calls).toEqual([]); // nobody signed in yet

  signIn('me');
  const client = await getAppQueryClient();
  await waitFor(() => expect(client.getQueryData(teamKeys.list('me'))).toHaveLength(2));
  // the invitations of the team the user runs, not of the one they only belong to
  await waitFor(() => expect(invitationCalls()).toEqual([['team_id', 't1']]));
  expect(client.getQueryData(teamKeys.invitations('me', 't1'))).toEqual([]);
  expect(mockFake.calls.some((call) => call.table === 'favorites')).toBe(true); // what to share
});

it('asks for nothing on a page it does not know or on another tab of the dashboard', async () => {
  signIn('me');
  prefetchRoute(at('/favorites'));
  prefetchRoute(at('/dashboard?tab=settings'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(mockFake.calls).toEqual([]);
});

it('lets the shell’s own requests go only once the page’s data has arrived', async () => {
  let tablesAskedBefore: (string | undefined)[] | null = null;
  afterPageData(() => {
    tablesAskedBefore = mockFake.calls.map((call) => call.table);
  });
  signIn('me');
  prefetchRoute(at('/teams'));
  const client = await getAppQueryClient();
  await waitFor(() => expect(tablesAskedBefore).not.toBeNull());
  // the teams, their invitations and what could be shared were all asked for first
  expect(tablesAskedBefore).toEqual(expect.arrayContaining(['teams', 'team_invitations']));
  expect(client.getQueryData(teamKeys.invitations('me', 't1'))).toEqual([]);
});

it('does not hold the shell’s requests on a page it prefetches nothing for', async () => {
  const released = jest.fn();
  afterPageData(released);
  prefetchRoute(at('/favorites'));
  await waitFor(() => expect(released).toHaveBeenCalledTimes(1), { timeout: 500 });
});

it('holds the shell’s requests until the page has rendered with its data, not only fetched it', async () => {
  // the navigation has only just started, so the shell's own deadline (1.2 s) is far off
  jest.spyOn(performance, 'now').mockReturnValue(0);
  const released = jest.fn();
  afterPageData(released);
  signIn('me');
  prefetchRoute(at('/teams'));
  const client = await getAppQueryClient();
  await waitFor(() => expect(client.getQueryData(teamKeys.invitations('me', 't1'))).toEqual([]));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(released).not.toHaveBeenCalled(); // the data is here, the page is not drawn yet

  // the page renders: its list component observes the prefetched teams
  const unsubscribe = new QueryObserver(client, { queryKey: teamKeys.list('me') }).subscribe(
    () => undefined,
  );
  try {
    await waitFor(() => expect(released).toHaveBeenCalledTimes(1), { timeout: 500 });
  } finally {
    unsubscribe();
    jest.restoreAllMocks();
  }
});
