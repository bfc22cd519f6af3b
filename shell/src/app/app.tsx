import { AppProviders, QueryProvider, useSession } from '@promatch/shared';
import { lazy, Suspense, useLayoutEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { RecoveryErrorBoundary } from '../features/errors/recovery-error-boundary';
import { RouterErrorBoundary } from '../features/errors/router-error-boundary';
import { Footer } from '../features/footer/footer';
import { Header } from '../features/header/header';
import { RemoteWidget } from '../features/remotes/remote-widget';
import { requestAccessibilitySettings } from '../features/accessibility/accessibility-dialog-request';
import { setPresenceOfflineBeforeLogout } from '../features/presence/update-presence';
import { useAuthSync } from '../features/session/use-auth-sync';
import { useLogout } from '../features/session/use-logout';
import { SkipLinks } from '../features/skip-links/skip-links';
import { AfterPageData } from '../lib/after-page-data';
import { WhenIdle } from '../lib/when-idle';
import { GlobalElements } from './global-elements';
import { GlobalStyle } from './global-style';
import { ShellRoutes } from './shell-routes';

/** Marks the shell's first render, so benchmarks can tell what it needed from what came after. */
const FIRST_RENDER_MARK = 'promatch:shell-first-render';
/** Marks the start of that render: what was requested before it, the first render needs. */
export const RENDER_START_MARK = 'promatch:shell-render-start';

// Signed-in only, and needs react-query: loaded after the first render.
const AnnouncementBanner = lazy(() => import('../features/announcement/announcement-banner'));
// Overlays that draw nothing the first paint needs: fetched once the page is idle after its first
// render (or hydration), which keeps them out of the shell's JavaScript before first render (200 KB
// budget, docs/benchmarks.md) and off the main thread while the visitor starts to interact.
const CookieBanner = lazy(() =>
  import('../features/cookie-consent/cookie-banner').then((module) => ({
    default: module.CookieBanner,
  })),
);
const Toaster = lazy(() =>
  import('../features/toasts/toaster').then((module) => ({ default: module.Toaster })),
);

/** The shell's page: the browser renders it inside BrowserRouter, the server inside StaticRouter. */
export function Layout() {
  useAuthSync();
  const logout = useLogout(setPresenceOfflineBeforeLogout);
  const signedIn = useSession((state) => state.user !== null);
  useLayoutEffect(() => {
    if (performance.getEntriesByName(FIRST_RENDER_MARK).length === 0) {
      performance.mark(FIRST_RENDER_MARK);
    }
  }, []);
  return (
    <>
      <GlobalStyle />
      <SkipLinks onAccessibilitySettings={requestAccessibilitySettings} />
      {/* The announcement and the header's counts wait for the page's own data (AfterPageData). */}
      {signedIn ? (
        <AfterPageData>
          <RecoveryErrorBoundary component="Announcement">
            <QueryProvider>
              <AnnouncementBanner />
            </QueryProvider>
          </RecoveryErrorBoundary>
        </AfterPageData>
      ) : null}
      <Header
        onLogout={() => void logout()}
        messagesBadge={
          signedIn ? (
            <AfterPageData>
              <RemoteWidget remote="mf_messaging" module="UnreadBadge" />
            </AfterPageData>
          ) : null
        }
        notificationBell={
          signedIn ? (
            <AfterPageData>
              <RemoteWidget remote="mf_dashboard" module="NotificationBell" />
            </AfterPageData>
          ) : null
        }
      />
      <main id="main-content" tabIndex={-1}>
        <RouterErrorBoundary>
          <ShellRoutes />
        </RouterErrorBoundary>
      </main>
      <Footer />
      <WhenIdle>
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>
      </WhenIdle>
      <WhenIdle>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </WhenIdle>
      <GlobalElements />
    </>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <Layout />
      </BrowserRouter>
    </AppProviders>
  );
}
