import { initSessionStore } from '@promatch/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, RENDER_START_MARK } from './app/app';
import { RootErrorBoundary } from './features/errors/root-error-boundary';
import { handOverServerPage } from './features/server-page/hand-over';

initSessionStore();
handOverServerPage();

performance.mark(RENDER_START_MARK);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>,
);
