import { initSessionStore } from '@promatch/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, RENDER_START_MARK } from './app/app';
import { RootErrorBoundary } from './features/errors/root-error-boundary';
import { handOverServerPage } from './features/server-page/hand-over';

initSessionStore();
handOverServerPage();

performance.mark(RENDER_START_MARK);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// A transition: React renders in slices and yields to the browser between them, so a visitor
// reading (or typing into) the server-rendered page is never blocked for long while the live
// page renders out of sight.
startTransition(() =>
  root.render(
    <StrictMode>
      <RootErrorBoundary>
        <App />
      </RootErrorBoundary>
    </StrictMode>,
  ),
);
