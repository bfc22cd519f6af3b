import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import styled from 'styled-components';
import { AppProviders } from '../providers/app-providers';
import { QueryProvider } from '../providers/query-provider';
import { initSessionStore } from '../session/session-registry';

/** A warning band across the top, in the theme's warning tint (light or dark). */
const StandaloneNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.onWarningSoft};
`;

function StandaloneHost({ App, name }: { App: ComponentType; name: string }) {
  return (
    <AppProviders>
      <BrowserRouter>
        <StandaloneNote role="note">
          {name} running standalone: the shell's header, footer and other remotes are not loaded.
        </StandaloneNote>
        <main id="main-content">
          <QueryProvider>
            <App />
          </QueryProvider>
        </main>
      </BrowserRouter>
    </AppProviders>
  );
}

/**
 * A remote's own minimal host, so its team can run it alone (`npm run dev -w <remote>`): the same
 * store, theme and query client the shell would give it, around the remote's exposed App.
 */
export function mountStandalone(App: ComponentType, name: string): void {
  initSessionStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <StandaloneHost App={App} name={name} />
    </StrictMode>,
  );
}
