/*
 * Drawn when the application itself failed, possibly outside the theme provider, so it uses plain
 * inline styles rather than the design system.
 */
const panel = {
  maxWidth: '36rem',
  margin: '4rem auto',
  padding: '2rem',
  fontFamily: 'system-ui, sans-serif',
  color: '#0f172a',
  textAlign: 'center' as const,
};
const button = {
  margin: '0.35rem',
  padding: '0.6rem 1rem',
  borderRadius: '8px',
  border: '1px solid #2563eb',
  font: 'inherit',
  cursor: 'pointer',
};

/**
 * Keys cleared by 'Refresh Page': anything about analytics, accessibility or session, the stored
 * state most likely to keep a broken app failing after a reload.
 */
export function clearVolatileStorage(storage: Storage = localStorage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) {
    if (key && /analytics|accessibility|session/i.test(key)) storage.removeItem(key);
  }
}

interface RootErrorScreenProps {
  attempt: number;
  maxAttempts: number;
  onRetry(): void;
  onRefresh(): void;
}

export function RootErrorScreen({
  attempt,
  maxAttempts,
  onRetry,
  onRefresh,
}: RootErrorScreenProps) {
  const remaining = maxAttempts - attempt;
  return (
    // Inline style: this screen must draw when the theme or styled-components did not load.
    <div role="alert" style={panel}>
      <h1>Application Error</h1>
      <p>Something went wrong while loading ProMatch. This is likely a temporary problem.</p>
      <p>
        attempt {attempt}/{maxAttempts}
      </p>
      <button
        type="button"
        // Inline style: no theme here (see above); the brand blue, written out.
        style={{ ...button, background: '#2563eb', color: '#fff' }}
        onClick={onRetry}
      >
        Try Again ({remaining} attempts remaining)
      </button>
      <button
        type="button"
        // Inline style: no theme here (see above).
        style={{ ...button, background: '#fff', color: '#1d4ed8' }}
        onClick={() => {
          clearVolatileStorage();
          clearVolatileStorage(sessionStorage);
          onRefresh();
        }}
      >
        Refresh Page
      </button>
      <a
        href="/"
        // Inline style: no theme here (see above).
        style={{ ...button, display: 'inline-block', color: '#1d4ed8', textDecoration: 'none' }}
      >
        Go to Home Page
      </a>
    </div>
  );
}
