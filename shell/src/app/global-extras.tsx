import { useEffect } from 'react';
import styled from 'styled-components';
import { AccessibilityDialog } from '../features/accessibility/accessibility-dialog';
import { requestAccessibilitySettings } from '../features/accessibility/accessibility-dialog-request';
import { RouteAnnouncer } from '../features/accessibility/route-announcer';
import { useActivityTracking } from '../features/activity-tracking/use-activity-tracking';
import { PerformanceWidget } from '../features/performance-widget/performance-widget';
import { InstallPrompt } from '../features/pwa/install-prompt';
import { registerServiceWorker } from '../features/pwa/register-service-worker';
import { usePresence } from '../features/presence/use-presence';
import { AfterPageData } from '../lib/after-page-data';
import { WhenIdle } from '../lib/when-idle';

/** Small floating tools in the bottom-left corner, below the cookie banner when it shows. */
const Dock = styled.aside`
  position: fixed;
  left: 0.75rem;
  bottom: 0.75rem;
  z-index: 30;
  display: flex;
  gap: 0.5rem;
  button {
    font: inherit;
    font-size: 0.8rem;
    padding: 0.35rem 0.7rem;
    border-radius: ${({ theme }) => theme.radii.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadows.sm};
    cursor: pointer;
  }
`;

/** Analytics (page views, activity), presence and the service worker: no markup of their own. */
function Background() {
  useActivityTracking();
  usePresence();
  useEffect(() => {
    void registerServiceWorker();
  }, []);
  return null;
}

/**
 * Loaded when the page is first idle (GlobalElements); each part then starts in an idle task of
 * its own, so none of them makes one long task of the others.
 */
export function GlobalExtras() {
  return (
    <>
      <RouteAnnouncer />
      {/* Presence and activity reports ask the backend: after the page's own data. */}
      <AfterPageData>
        <WhenIdle>
          <Background />
        </WhenIdle>
      </AfterPageData>
      <WhenIdle>
        <InstallPrompt />
      </WhenIdle>
      {/* Before the button that opens it. */}
      <WhenIdle>
        <AccessibilityDialog />
      </WhenIdle>
      <WhenIdle>
        <Dock aria-label="Site tools">
          <PerformanceWidget />
          <button type="button" onClick={requestAccessibilitySettings}>
            Accessibility
          </button>
        </Dock>
      </WhenIdle>
    </>
  );
}
