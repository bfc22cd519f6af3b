import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import { trackSettled, type Tracked } from '../lib/track-settled';

type Provider = ComponentType<{ children: ReactNode }>;
let provider: Tracked<Provider> | undefined;

/**
 * The page's QueryClientProvider, loaded once with react-query. A signed-in page asks for it before
 * its first render (the shell's start-early.ts). The promise says when it has settled (the fields
 * React's `use` reads), so a provider rendered after that draws its children at once instead of
 * suspending for one round: React holds back content revealed after a fallback until 300 ms after
 * that fallback showed. A failed load is kept, as React.lazy kept it.
 */
export function loadQueryProvider(): Promise<Provider> {
  if (!provider) {
    provider = trackSettled(
      Promise.all([import('@tanstack/react-query'), import('./query-client')]).then(
        async ([{ QueryClientProvider }, { getAppQueryClient }]) => {
          const client = await getAppQueryClient();
          return function LoadedQueryProvider({ children }: { children: ReactNode }) {
            return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
          };
        },
      ),
    );
  }
  return provider;
}

/** Wraps children in the page's QueryClientProvider once react-query has loaded. */
function LoadedQueryProvider({ children }: { children: ReactNode }) {
  const Loaded = use(loadQueryProvider());
  return <Loaded>{children}</Loaded>;
}

/**
 * Server state for a part of the page that needs it (a remote, a signed-in header menu). Parts
 * that do not, such as the signed-out header and the footer, render without waiting for it.
 */
export function QueryProvider({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <LoadedQueryProvider>{children}</LoadedQueryProvider>
    </Suspense>
  );
}
