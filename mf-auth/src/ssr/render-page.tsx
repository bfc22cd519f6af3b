/**
 * Server-side rendering of mf-auth's public pages (decisions 0035, 0108, 0124): the sign-in page
 * and the password-reset request. Built for Node into dist-ssr/render-page.cjs and called by the
 * remote's own server at /__ssr, as mf-marketing's renderer is; the shell's server renders the
 * shell around the result and the browser hydrates it. These pages read no data, so one render
 * is enough and nothing is fetched; the form's submit button stays disabled until the form's
 * code has hydrated it (a form submitted natively would put what was typed in the address).
 */
import {
  initSessionStore,
  MemoryStorage,
  provideRuntimeConfig,
  type RuntimeConfig,
} from '@promatch/shared';
import {
  createRenderQueryClient,
  prerenderRemotePage,
  type RenderedPage,
} from '@promatch/shared/server-render';
import { dehydrate } from '@tanstack/react-query';
import { matchPath, StaticRouter } from 'react-router';
import { AppRoutes, SERVER_RENDERED_PATHS } from '../app/app-routes';

let initialised = false;
function initialise(config: RuntimeConfig) {
  if (initialised) return;
  provideRuntimeConfig(config);
  // The visitor as the server sees them: signed out (known at once), default preferences.
  initSessionStore(new MemoryStorage()).getState().clearSession();
  initialised = true;
}

/**
 * Renders `location` (path and query string) as the anonymous visitor, or answers null when the
 * path is not one of the pages mf-auth renders on the server.
 */
export async function renderPage(
  location: string,
  config: RuntimeConfig,
  origin = 'http://localhost:3000',
): Promise<RenderedPage | null> {
  const { pathname } = new URL(location, origin);
  if (!SERVER_RENDERED_PATHS.some((pattern) => matchPath(pattern, pathname))) return null;
  initialise(config);
  const queryClient = createRenderQueryClient();
  try {
    const { html, css } = await prerenderRemotePage(
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>,
      location,
      queryClient,
    );
    // No head tags: these pages set their titles in the browser. The cache is empty (no data).
    return { html, css, head: '', state: dehydrate(queryClient) };
  } finally {
    queryClient.clear();
  }
}
