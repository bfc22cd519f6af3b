import type { DehydratedState, QueryClient, QueryClientConfig } from '@tanstack/react-query';
import { takeServerQueryState } from '../ssr/server-rendered-page';

/** Retry backoff: 1 s, doubling, at most 30 s, so a struggling backend is not hammered. */
const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * The product's cache settings: data is fresh for 5 minutes and kept for 10; queries retry 3
 * times and mutations 2, never while offline; no refetch on window focus, refetch on reconnect.
 */
const QUERY_CLIENT_CONFIG: QueryClientConfig = {
  defaultOptions: {
    queries: {
      staleTime: 300_000,
      gcTime: 600_000,
      retry: 3,
      retryDelay,
      networkMode: 'online',
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
    },
    mutations: { retry: 2, retryDelay, networkMode: 'online' },
  },
};

let client: Promise<QueryClient> | undefined;

/**
 * The page's one QueryClient, shared by the shell and every remote. react-query is imported on
 * first use so it is not part of the JavaScript fetched before the first render (decision 0002).
 */
export function getAppQueryClient(): Promise<QueryClient> {
  client ??= import('@tanstack/react-query').then(({ QueryClient: Client, hydrate }) => {
    const queryClient = new Client(QUERY_CLIENT_CONFIG);
    // What the server fetched to render this page: the live page starts from the same data
    // instead of showing loading states and asking again.
    const serverState = takeServerQueryState();
    if (serverState) hydrate(queryClient, serverState as DehydratedState);
    return queryClient;
  });
  return client;
}
