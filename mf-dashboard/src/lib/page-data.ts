import type { QueryClient } from '@tanstack/react-query';

export interface PrefetchContext {
  client: QueryClient;
  userId: string;
  accountType: 'professional' | 'business';
  location: Location;
}

/** What a page shows first, fetched ahead of its first render. */
export interface PageData {
  /** Its first queries, into the cache under the keys its components read. */
  queries: (context: PrefetchContext) => Promise<unknown>;
  /** Lazy chunks it always needs (a chart library): started at once, before the session is known. */
  chunks?: () => Promise<unknown>;
}
