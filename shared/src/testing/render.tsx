import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { SessionState } from '../session/session-store';
import { initSessionStore, resetSessionStore } from '../session/session-registry';
import type { SessionStore } from '../session/session-store';
import { lightTheme } from '../theme/theme';

export interface RenderOptions {
  /** The router's starting location, path and query (default `/`). */
  path?: string;
  /** Fields of the federated session store to set before rendering (signed-in user, flags…). */
  session?: Partial<SessionState>;
  /** A query client of the test's own, for example one pre-filled with data. */
  queryClient?: QueryClient;
}

export interface RenderWithProvidersResult extends RenderResult {
  queryClient: QueryClient;
  store: SessionStore;
}

/** A query client that fails at once, so a test sees errors instead of waiting out retries. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/**
 * Renders a component as a remote's page renders inside the shell: a fresh federated session
 * store, the light theme, a query client without retries and a router at `path`.
 * Accepts a path string as the second argument for brevity.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions | string = {},
): RenderWithProvidersResult {
  const {
    path = '/',
    session,
    queryClient = createTestQueryClient(),
  } = typeof options === 'string' ? { path: options } : options;
  resetSessionStore();
  const store = initSessionStore();
  store.setState({ isLoading: false, ...session });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={lightTheme}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, store };
}

export { stubPerformanceEntries, type StubbedEntries } from './performance-entries-stub';
export {
  fakeSupabase,
  opArgs,
  type FakeCall,
  type FakeResult,
  type FakeSupabase,
} from './fake-supabase';
export type { FakeChannel, FakeRealtime } from './fake-realtime';
