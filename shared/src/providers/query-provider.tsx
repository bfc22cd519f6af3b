import { lazy, Suspense, type ReactNode } from 'react';

/** Wraps children in the page's QueryClientProvider once react-query has loaded. */
const LoadedQueryProvider = lazy(async () => {
  const [{ QueryClientProvider }, { getAppQueryClient }] = await Promise.all([
    import('@tanstack/react-query'),
    import('./query-client'),
  ]);
  const client = await getAppQueryClient();
  return {
    default: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  };
});

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
