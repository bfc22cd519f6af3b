import { fakeSupabase, opArgs, renderWithProviders } from '@promatch/shared/testing';
import { act, waitFor } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { useActivityTracking } from './use-activity-tracking';
import { pageLoadTimeMs } from './user-metrics';

// the far side of supabase-js: what reaches each table
const mockFake = fakeSupabase(() => ({}));
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
  whenSupabaseClientLoads: () => () => undefined,
}));
jest.mock('@promatch/shared', () => ({
  ...jest.requireActual('@promatch/shared'),
  loadRuntimeConfig: () => new Promise(() => undefined),
}));
const inserted = () =>
  mockFake.calls
    .filter((call) => opArgs(call, 'insert'))
    .map((call) => ({ table: call.table, row: opArgs(call, 'insert')?.[0] as object }));

let go: (path: string) => void;
function Tracked() {
  useActivityTracking();
  const navigate = useNavigate();
  go = (path) => void navigate(path);
  return null;
}

const USER = { id: 'u-1', email: 'ada@example.com', name: 'Ada', type: 'business' as const };
const consent = (status: 'accepted' | 'rejected') => ({
  cookieConsent: { status, decidedAt: '2026-11-28T10:00:00Z' },
});
const metrics = () =>
  inserted()
    .filter((i) => i.table === 'user_analytics')
    .map((i) => i.row as Record<string, unknown>);

beforeEach(() => {
  mockFake.calls.length = 0;
  // jsdom has no navigation timing: the entry a browser gives after the load event
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: () => [{ startTime: 0, loadEventEnd: 812.4 }],
  });
});
afterEach(() => {
  Reflect.deleteProperty(performance, 'getEntriesByType');
});

test('with consent, a signed-in user gets the page load time and each page as an action', async () => {
  renderWithProviders(<Tracked />, {
    path: '/dashboard',
    session: { user: USER as never, ...consent('accepted') },
  });
  await waitFor(() =>
    expect(metrics()).toEqual(
      expect.arrayContaining([
        {
          user_id: 'u-1',
          metric_name: 'page_load_time',
          metric_value: 812,
          metadata: { path: '/dashboard' },
        },
        {
          user_id: 'u-1',
          metric_name: 'user_action',
          metric_value: 1,
          metadata: { action: 'page_view', path: '/dashboard' },
        },
      ]),
    ),
  );
  act(() => go('/messages'));
  await waitFor(() =>
    expect(metrics().filter((m) => m.metric_name === 'user_action')).toHaveLength(2),
  );
  // the load time is written once per page load, not per route
  expect(metrics().filter((m) => m.metric_name === 'page_load_time')).toHaveLength(1);
});

test('without analytics consent nothing is written', async () => {
  renderWithProviders(<Tracked />, {
    path: '/dashboard',
    session: { user: USER as never, ...consent('rejected') },
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(inserted()).toEqual([]);
});

test('the load time is unknown until the load event has ended', () => {
  const perf = { getEntriesByType: () => [{ startTime: 0, loadEventEnd: 0 }] as never };
  expect(pageLoadTimeMs(perf)).toBeUndefined();
});
