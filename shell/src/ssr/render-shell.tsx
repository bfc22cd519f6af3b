/**
 * Server-side rendering of the shell around a remote's page (decision 0108). Built for Node into
 * dist-ssr/render-page.cjs; the shell's server calls `renderShell` for a page a remote has
 * rendered and puts the remote's HTML where the slot is, so the document holds the whole page the
 * browser's first render will produce, and the browser hydrates it instead of rendering it again.
 * Rendered as the anonymous visitor in the light theme, as the remote's renderer does.
 */
import { AppProviders, initSessionStore, MemoryStorage } from '@promatch/shared';
import { prerenderToString } from '@promatch/shared/server-render';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { Layout } from '../app/app';
import { findRemoteRoute } from '../app/route-table';
import {
  CookieBannerView,
  SERVER_COOKIE_BANNER_ID,
} from '../features/cookie-consent/cookie-banner-view';
import { RootErrorBoundary } from '../features/errors/root-error-boundary';
import { REMOTE_PAGE_SLOT_HTML, RemotePageSlot } from '../features/remotes/remote-page-slot';
import type { RemoteRoute } from '../lib/route-types';

export interface RenderedShell {
  /** The shell's markup, with `slot` where the remote's page goes. */
  html: string;
  slot: string;
  css: string;
  /**
   * Markup for after the hydrated root: the cookie banner with its buttons disabled, hidden until
   * the page's frame script shows it to a visitor who has not chosen yet (without JavaScript
   * there is nothing to consent to), and replaced by the live banner once the page is idle.
   */
  afterRoot: string;
}

let initialised = false;
function initialise() {
  if (initialised) return;
  // The visitor as the server sees them: signed out, and known to be (a guest-only page such as
  // /login is drawn, not its gate's loading state), default preferences.
  initSessionStore(new MemoryStorage()).getState().clearSession();
  initialised = true;
}

/** The shell at `location` (path and query string), as bootstrap.tsx renders it in the browser. */
export async function renderShell(location: string): Promise<RenderedShell> {
  initialise();
  const sheet = new ServerStyleSheet();
  try {
    const tree: ReactNode = sheet.collectStyles(
      <StrictMode>
        <RootErrorBoundary>
          <AppProviders>
            <StaticRouter location={location}>
              <RemotePageSlot.Provider value>
                <Layout />
              </RemotePageSlot.Provider>
            </StaticRouter>
          </AppProviders>
        </RootErrorBoundary>
      </StrictMode>,
    );
    const html = await prerenderToString(tree, `the shell at ${location}`);
    if (!html.includes(REMOTE_PAGE_SLOT_HTML)) {
      throw new Error(`the shell at ${location} has no place for a remote's page`);
    }
    const afterRoot = renderToString(
      sheet.collectStyles(
        <AppProviders>
          <StaticRouter location={location}>
            <div id={SERVER_COOKIE_BANNER_ID} hidden>
              <CookieBannerView />
            </div>
          </StaticRouter>
        </AppProviders>,
      ),
    );
    return { html, slot: REMOTE_PAGE_SLOT_HTML, css: sheet.instance.toString(), afterRoot };
  } finally {
    sheet.seal();
  }
}

/**
 * Which remote draws `pathname` and who may enter it, from the shell's own route table: the
 * shell's server uses it to name a signed-in page's files in its HTML (decision 0138).
 */
export function remoteRouteFor(pathname: string): RemoteRoute | undefined {
  return findRemoteRoute(pathname);
}
