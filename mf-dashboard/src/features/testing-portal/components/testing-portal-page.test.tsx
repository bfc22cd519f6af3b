import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, renderWithProviders, type FakeResult } from '@promatch/shared/testing';
import { startProbes } from '../api/probes-on-navigation';
import { TestingPortalPage } from './testing-portal-page';

const USER = 'a-1';
let adminRow: object | null = null;
let functionAnswer: FakeResult = {};
const stored = new Map<string, Blob>();

// The far side of supabase-js, as the portal uses it: its tables, auth, the function, a storage
// bucket that keeps what is uploaded, and realtime broadcasts (from the shared fake).
const mockFake = fakeSupabase((call) => {
  if (call.auth === 'getUser') return { data: { user: { id: USER } } };
  if (call.fn) return functionAnswer;
  if (call.bucket) {
    const [[op, args] = ['', []]] = call.ops;
    const [path] = args as [string | string[], Blob?];
    if (op === 'upload') stored.set(path as string, args[1] as Blob);
    if (op === 'remove') (path as string[]).forEach((each) => stored.delete(each));
    if (op === 'download') {
      const blob = stored.get(path as string);
      return { data: blob ? { text: () => readText(blob) } : null };
    }
    return { data: op === 'upload' ? { path } : [] };
  }
  return { data: call.table === 'admin_users' ? adminRow : { id: USER } };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const RESPONSES: Record<string, () => unknown> = {
  '/config.json': () => ({ supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon', features: {} }),
  '/remotes.json': () => ({
    mf_marketing: 'http://marketing.test/mf-manifest.json',
    mf_auth: 'http://auth.test/mf-manifest.json',
  }),
  'http://localhost/build-info.json': () => ({
    app: 'shell',
    version: '0.1.0',
    commit: 'abc123',
    builtAt: '2026-11-26T08:00:00Z',
  }),
  'http://marketing.test/mf-manifest.json': () => ({
    metaData: {
      buildInfo: { buildVersion: '0.1.0' },
      remoteEntry: { name: 'remoteEntry.js', path: '' },
    },
  }),
  'http://marketing.test/remoteEntry.js': () => 'script',
  'http://marketing.test/build-info.json': () => ({
    app: 'mf_marketing',
    version: '0.1.0',
    commit: 'def456',
    builtAt: '2026-11-26T08:01:00Z',
  }),
  'http://api.test/rest/v1/rpc/match_weights': () => ({ relevance: 0.2 }),
  'http://api.test/auth/v1/health': () => ({ description: 'ProMatch GoTrue-compatible auth API' }),
  'http://api.test/rest/v1/': () => ({ swagger: '2.0' }),
};

beforeEach(() => {
  adminRow = { role: 'admin', permissions: {}, is_active: true };
  functionAnswer = { data: { userId: USER, receivedAt: '2026-11-26T08:00:00Z' } };
  // The network: auth.test (a remote whose server is down) refuses every request.
  global.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = String(input);
    const respond = RESPONSES[url];
    if (!respond) return Promise.reject(new TypeError('Failed to fetch'));
    const body = respond();
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    // jsdom has no Response; the portal reads ok, status, json() and text().
    return Promise.resolve({
      ok: true,
      status: 200,
      json: () => Promise.resolve(JSON.parse(text) as unknown),
      text: () => Promise.resolve(text),
    });
  }) as unknown as typeof fetch;
});

const session = {
  session: {
    user: {
      id: USER,
      email: 'admin@example.co.uk',
      name: 'Ada Admin',
      type: 'business' as const,
      domain: 'example.co.uk',
      user_metadata: {},
    },
    accountType: 'business' as const,
  },
};

describe('the testing portal', () => {
  it('is for administrators only', async () => {
    adminRow = null;
    renderWithProviders(<TestingPortalPage />, session);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'The testing portal is for ProMatch administrators.',
    );
    expect(screen.queryByRole('heading', { name: 'Self-checks' })).toBeNull();
  });

  it('shows each app’s version and build time, and an unreachable one as failed', async () => {
    renderWithProviders(<TestingPortalPage />, session);
    const apps = await screen.findByRole('table', { name: 'Deployed apps' });
    const marketing = within(apps).getByRole('row', { name: /mf_marketing/ });
    expect(marketing).toHaveTextContent('Loaded');
    expect(marketing).toHaveTextContent('0.1.0 (def456)');
    expect(marketing).toHaveTextContent('26 Nov 2026');
    expect(marketing).toHaveTextContent('http://marketing.test/mf-manifest.json');
    const auth = within(apps).getByRole('row', { name: /mf_auth/ });
    expect(within(auth).getByText('Failed')).toBeInTheDocument();
    expect(auth).toHaveTextContent('Failed to fetch');
    expect(within(apps).getByRole('row', { name: /shell/ })).toHaveTextContent('0.1.0 (abc123)');

    const backend = await screen.findByRole('table', { name: 'Backend components' });
    expect(within(backend).getByRole('row', { name: /Database/ })).toHaveTextContent(
      'Answered a query through the REST gateway',
    );
    expect(within(backend).getAllByText('Healthy')).toHaveLength(3);
  });

  it('shows the probes started on navigation, and measures afresh when asked again', async () => {
    const fetches = (url: string) =>
      (global.fetch as jest.Mock).mock.calls.filter(([input]) => String(input) === url).length;
    const manifest = 'http://marketing.test/mf-manifest.json';
    const started = startProbes(); // as the page's prefetch does, before the page renders
    renderWithProviders(<TestingPortalPage />, session);
    const apps = await screen.findByRole('table', { name: 'Deployed apps' });
    await screen.findByRole('table', { name: 'Backend components' });
    await started;
    // the page showed the navigation's probes rather than probing a second time
    expect(fetches(manifest)).toBe(1);
    expect(fetches('http://api.test/rest/v1/')).toBe(1);
    expect(within(apps).getByRole('row', { name: /mf_marketing/ })).toHaveTextContent('Loaded');

    await userEvent.click(screen.getByRole('button', { name: 'Check the apps again' }));
    await waitFor(() => expect(fetches(manifest)).toBe(2));
  });

  it('runs the self-checks one by one, timing each, and shows a failure with its reason', async () => {
    functionAnswer = { error: new Error('Edge Function returned a non-2xx status code') };
    renderWithProviders(<TestingPortalPage />, session);
    await userEvent.click(await screen.findByRole('button', { name: 'Run all self-checks' }));
    expect(await screen.findByText('4 of 5 self-checks passed.')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Self-checks' });
    for (const name of ['Auth round trip', 'REST read', 'Realtime echo', 'Storage round trip']) {
      expect(within(table).getByRole('row', { name: new RegExp(name) })).toHaveTextContent(
        /Passed\d[\d,]* ms/,
      );
    }
    const call = within(table).getByRole('row', { name: /Function call/ });
    expect(within(call).getByText('Failed')).toBeInTheDocument();
    expect(call).toHaveTextContent('Edge Function returned a non-2xx status code');
    expect(stored.size).toBe(0);
  });
});
