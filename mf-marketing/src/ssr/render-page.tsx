/**
 * Server-side rendering of mf-marketing's pages (decision 0035). Built for Node into
 * dist-ssr/render-page.cjs and called by the remote's own server at /__ssr; the shell's server
 * puts the result into index.html, so a visitor sees the page (and a crawler reads it) before
 * any JavaScript has run. The page's data is fetched here through the same queries the browser
 * uses, as the anonymous visitor, and handed over so the live page starts from it.
 */
import {
  initSessionStore,
  MemoryStorage,
  provideRuntimeConfig,
  SeoCollector,
  type RuntimeConfig,
  type SeoInput,
} from '@promatch/shared';
import {
  createRenderQueryClient,
  prerenderRemotePage,
  type RenderedPage,
} from '@promatch/shared/server-render';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { matchPath, StaticRouter } from 'react-router';
import WebSocket from 'ws';
import { AppRoutes, MARKETING_PATHS } from '../app/app-routes';
import { headHtml } from './head-html';
import { listPages } from './list-pages';

/** Data the page asks for is awaited this long at most; the live page fetches what is missing. */
const DATA_TIMEOUT_MS = 800;
/** Queries that depend on other queries' data appear on the next pass. */
const MAX_PASSES = 3;

let initialised = false;
function initialise(config: RuntimeConfig) {
  if (initialised) return;
  provideRuntimeConfig(config);
  // supabase-js builds its realtime client eagerly and Node 20 has no WebSocket of its own; the
  // renderer never opens a socket.
  globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;
  // The visitor as the server sees them: signed out, default preferences.
  initSessionStore(new MemoryStorage());
  initialised = true;
}

async function renderOnce(location: string, queryClient: QueryClient) {
  let seo: SeoInput | undefined;
  const { html, css } = await prerenderRemotePage(
    <SeoCollector.Provider value={(input) => (seo = input)}>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </SeoCollector.Provider>,
    location,
    queryClient,
  );
  return { html, css, seo };
}

const isEnabled = (query: Query) => {
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
};

function unfetched(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .findAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle')
    .filter(isEnabled);
}

function withTimeout(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The pages mf-marketing publishes, for the site's sitemap (the server asks at /__pages). */
export async function listPublicPages(config: RuntimeConfig) {
  initialise(config);
  return listPages();
}

/**
 * Renders `location` (path and query string) as the anonymous visitor, or answers null when the
 * path is not one of mf-marketing's pages. `origin` is the site's, for canonical URLs.
 */
export async function renderPage(
  location: string,
  config: RuntimeConfig,
  origin = 'http://localhost:3000',
): Promise<RenderedPage | null> {
  const { pathname } = new URL(location, origin);
  if (!MARKETING_PATHS.some((pattern) => matchPath(pattern, pathname))) return null;
  initialise(config);
  const queryClient = createRenderQueryClient();
  const deadline = Date.now() + DATA_TIMEOUT_MS;
  let page = await renderOnce(location, queryClient);
  for (let pass = 1; pass < MAX_PASSES; pass += 1) {
    const queries = unfetched(queryClient);
    const remaining = deadline - Date.now();
    if (queries.length === 0 || remaining <= 0) break;
    const fetches = queries.map((query) => query.fetch().catch(() => undefined));
    await withTimeout(Promise.all(fetches), remaining);
    page = await renderOnce(location, queryClient);
  }
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success',
  });
  queryClient.clear();
  const head = page.seo ? headHtml(page.seo, new URL(page.seo.path ?? pathname, origin)) : '';
  return { html: page.html, css: page.css, head, state };
}
