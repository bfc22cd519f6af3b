import { initSessionStore } from '@promatch/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { RootErrorBoundary } from './features/errors/root-error-boundary';

initSessionStore();

// Everything fetched before this mark is what the first render needs (bench/frontend-load.mjs).
performance.mark('promatch:shell-render-start');
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>,
);
