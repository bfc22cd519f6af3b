/**
 * Server-side rendering across the federation (decisions 0035, 0108). A remote that ships a
 * renderer (dist-ssr/render-page.cjs) answers GET /__ssr?location=<path and query> with its page
 * as JSON, or 204 when the path is not one of its pages. The shell's server asks the remotes in
 * /remotes.json for the page being requested, renders the shell around it with its own renderer
 * and puts the whole page into index.html, for the browser to hydrate; whenever no remote answers
 * in time, the visitor gets the plain index.html and the page renders in the browser as before.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { runtimeConfigFromEnv } = require('@promatch/shared/runtime-config');

export const RENDER_PATH = '/__ssr';
/** A remote's public pages for the sitemap, as JSON [{path, lastModified?}]. */
export const PAGES_PATH = '/__pages';
/** The whole answer, data included, is awaited this long before the plain page is served. */
const RENDER_TIMEOUT_MS = 1500;
/** A remote without a renderer is not asked again for this long. */
const NO_RENDERER_RETRY_MS = 60_000;
const MAX_LOCATION_LENGTH = 2048;
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * The routes of a remote whose build has a renderer: /__ssr (a page) and /__pages (its public
 * pages, when the renderer lists them); none for an app without one.
 */
export function createRemoteRoutes(appDir, env = process.env) {
  const file = path.join(appDir, 'dist-ssr/render-page.cjs');
  if (!existsSync(file)) return {};
  const { renderPage, listPublicPages } = require(file);
  const config = runtimeConfigFromEnv(env);
  const routes = { [RENDER_PATH]: renderHandler(renderPage, config) };
  if (listPublicPages) routes[PAGES_PATH] = pagesHandler(listPublicPages, config);
  return routes;
}

function pagesHandler(listPublicPages, config) {
  return async (_request, response) => {
    try {
      const pages = await listPublicPages(config);
      response
        .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        .end(JSON.stringify(pages));
    } catch (error) {
      console.error('listing the public pages failed:', error);
      response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Unavailable');
    }
  };
}

function renderHandler(renderPage, config) {
  return async (request, response) => {
    const query = new URL(request.url, 'http://localhost').searchParams;
    const location = query.get('location') ?? '';
    const origin = query.get('origin') ?? undefined;
    if (
      !location.startsWith('/') ||
      location.startsWith('//') ||
      location.length > MAX_LOCATION_LENGTH ||
      (origin !== undefined && !ORIGIN.test(origin))
    ) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad location');
      return;
    }
    try {
      const page = await renderPage(location, config, origin);
      if (!page) {
        response.writeHead(204).end();
        return;
      }
      response
        .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        .end(JSON.stringify(page));
    } catch (error) {
      console.error(`server-side rendering of ${location} failed:`, error);
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Render failed');
    }
  };
}

/** JSON that is safe inside a <script> element. */
const scriptSafeJson = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * index.html with a rendered page in it: the shell's markup (`shell.html`) with the remote's
 * page where `shell.slot` is, inside #root (marked for hydration), the CSS of both in the head. Replacements are functions:
 * `$` in a page is literal.
 */
export function composeDocument(indexHtml, frame, page, shell) {
  const filled = frame
    .replace(/^<!--[\s\S]*?-->\s*/, '')
    .replace('/*server-page-css*/', () => `${shell.css}${page.css}`);
  const style = filled.match(/<style[\s\S]*?<\/style>/)?.[0] ?? '';
  const script = filled.replace(style, '').trim();
  const markup = shell.html.replace(shell.slot, () => page.html);
  const state = `<script type="application/json" id="promatch-query-state">${scriptSafeJson(page.state)}</script>`;
  // The page's own title, description, canonical URL and sharing tags replace the site's.
  const head = typeof page.head === 'string' && page.head ? page.head : null;
  const withHead = head
    ? indexHtml
        .replace(/<title>[\s\S]*?<\/title>/, '')
        .replace(/<meta name="description"[^>]*>/, '')
        .replace('</head>', () => `${head}</head>`)
    : indexHtml;
  return withHead
    .replace('</head>', () => `${style}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `${state}<div id="root" data-server-rendered>${markup}</div>${shell.afterRoot ?? ''}${script}`,
    );
}

/**
 * The shell's server-side renderer (shell/dist-ssr/render-page.cjs beside the build folder), or
 * undefined when the build has none: then no page is composed.
 */
export function loadShellRenderer(distDir) {
  const file = path.join(distDir, '../dist-ssr/render-page.cjs');
  return existsSync(file) ? require(file).renderShell : undefined;
}

/**
 * The shell server's composer: (location, origin) => the composed document, or null for the
 * plain one. `origin` is the site's as the visitor reached it, for canonical URLs.
 * Reads remotes.json, index.html and the frame from the shell's build folder on each call, so a
 * redeployed shell or a moved remote takes effect without a restart. `renderShell(location)`
 * renders the shell around the slot for the remote's page (decision 0108).
 */
export function createPageComposer(
  distDir,
  {
    fetchImpl = fetch,
    timeoutMs = RENDER_TIMEOUT_MS,
    renderShell = loadShellRenderer(distDir),
  } = {},
) {
  const withoutRenderer = new Map();
  const readText = async (file) => readFile(path.join(distDir, file), 'utf8');

  async function askRemote(name, manifestUrl, location, origin) {
    if ((withoutRenderer.get(name) ?? 0) > Date.now()) return null;
    const url = new URL(RENDER_PATH, manifestUrl);
    url.searchParams.set('location', location);
    if (origin && ORIGIN.test(origin)) url.searchParams.set('origin', origin);
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (response.status === 404) withoutRenderer.set(name, Date.now() + NO_RENDERER_RETRY_MS);
    if (response.status !== 200) return null;
    const page = await response.json();
    return typeof page?.html === 'string' && typeof page.css === 'string' ? page : null;
  }

  return async (location, origin) => {
    // No shell renderer (an older shell build): the browser renders every page.
    if (!renderShell) return null;
    try {
      // No frame (an older shell build): nothing to compose into, so no remote is asked.
      const frame = await readText('server-page.html');
      const remotes = JSON.parse(await readText('remotes.json'));
      for (const [name, manifestUrl] of Object.entries(remotes)) {
        const page = await askRemote(name, manifestUrl, location, origin).catch(() => null);
        if (!page) continue;
        const shell = await renderShell(location);
        return composeDocument(await readText('index.html'), frame, page, shell);
      }
    } catch (error) {
      // No frame, no remotes.json, an unreadable answer or a failed shell render: the plain page
      // is always right.
      if (error instanceof Error && !('code' in error)) {
        console.error(`server-side rendering of ${location} failed:`, error);
      }
    }
    return null;
  };
}
