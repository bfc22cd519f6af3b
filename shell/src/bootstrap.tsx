import { initSessionStore, SERVER_RENDERED_ATTRIBUTE } from '@promatch/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, RENDER_START_MARK } from './app/app';
import { startEarly } from './app/start-early';
import { RootErrorBoundary } from './features/errors/root-error-boundary';
import { handOverServerPage } from './features/server-page/hand-over';
import { reportHydrationError } from './features/server-page/hydration-errors';

const sessionStore = initSessionStore();
handOverServerPage();
startEarly(window.location.pathname);

performance.mark(RENDER_START_MARK);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const app = (
  <StrictMode>
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>
);
if (container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  // The server page is still here, so the frame's script found no session stored or in the
  // address: the visitor is signed out, as the server rendered them. Known before the first
  // render, a guest-only page (/login) hydrates its form rather than its gate's loading state.
  sessionStore.getState().clearSession();
  // The server rendered this page (decision 0108): React adopts its markup instead of building
  // the page a second time. As a transition, hydration runs in slices and yields to the browser
  // between them; the remote's page, inside Suspense boundaries, stays server HTML (links and
  // the search form work) until its code arrives.
  startTransition(() => {
    hydrateRoot(container, app, { onRecoverableError: reportHydrationError });
  });
} else {
  const root = createRoot(container);
  // A transition: React renders in slices and yields to the browser between them.
  startTransition(() => root.render(app));
}
