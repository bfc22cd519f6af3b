/**
 * React's report of a server-rendered part it could not hydrate (a mismatch between the server's
 * HTML and the browser's first render) and so rendered afresh. Production builds of React give
 * only an error number, so this says in words what happened, for the console and the e2e check
 * that no page has a hydration mismatch.
 */
export function reportHydrationError(error: unknown, info: { componentStack?: string }): void {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  console.error(
    '[hydration] the server-rendered page did not match, rendered again in the browser:',
    error instanceof Error ? error.message : error,
    cause ? `(cause: ${cause.message})` : '',
    info.componentStack ?? '',
  );
}
