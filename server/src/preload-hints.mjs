/**
 * Preload hints for a signed-in page (decision 0138). The browser renders such a page itself, and
 * on a cold load it found the remote's files one after another: the shell's script, then
 * /remotes.json, the remote's mf-manifest.json, its remoteEntry.js, the exposed module, the
 * module's page chunk and, on a charting page, the chart code. A remote that publishes preload.json
 * (shared/federation/page-preload.cjs) lists the files each of its pages needs; the shell's server
 * names them in the page's HTML as `<link rel="preload">`, so they download while the shell's own
 * code loads and are in the browser's memory cache when the federation runtime asks for them.
 *
 * The shell's own preload.json adds its files that such a page waits for and its first render
 * does not load (supabase-js and react-query).
 *
 * Only pages the shell's route table marks as protected get hints: they are never server-rendered,
 * and their visitor is (almost always) signed in, so the remote's code is certain to be needed.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export const PRELOAD_FILE = 'preload.json';
/** A remote's list is used this long, then fetched again while the old one is still served. */
const FRESH_MS = 30_000;
/** The document waits at most this long for a list it does not have yet; then it goes without. */
const WAIT_MS = 250;
/** A remote without a list (or whose list failed) is not asked again for this long. */
const MISSING_RETRY_MS = 60_000;

/**
 * The shell's route lookup from its server-side renderer (shell/dist-ssr/render-page.cjs beside
 * the build folder), or undefined for a build without one: then no page gets hints.
 */
export function loadRouteFinder(distDir) {
  const file = path.join(distDir, '../dist-ssr/render-page.cjs');
  if (!existsSync(file)) return undefined;
  const { remoteRouteFor } = require(file);
  return typeof remoteRouteFor === 'function' ? remoteRouteFor : undefined;
}

const isFileList = (value) =>
  Array.isArray(value) && value.every((file) => typeof file === 'string');

/** preload.json as published (`entry` only for a remote), or null when it is not one. */
export function parsePreloadList(value) {
  if (!value || typeof value !== 'object') return null;
  const { entry, always, pages = {} } = value;
  if (
    (entry !== undefined && typeof entry !== 'string') ||
    !isFileList(always) ||
    !pages ||
    typeof pages !== 'object'
  ) {
    return null;
  }
  if (!Object.values(pages).every(isFileList)) return null;
  return { entry, always, pages };
}

const attribute = (value) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page's path as a remote's list keys it: lower case, no trailing slash. */
const pageKey = (pathname) => pathname.replace(/(.)\/$/, '$1').toLowerCase();

/**
 * `<link>` elements for the scripts `list` names for `pathname`, resolved against `base`; the
 * scripts are loaded as plain script elements (no `crossorigin`). A file that resolves outside
 * `base`'s origin is left out. `href` is written as given to `new URL` minus the origin when
 * `sameSite` (the shell's own files).
 */
function scriptTags(base, list, pathname, { sameSite = false } = {}) {
  const { origin } = new URL(base);
  const files = [
    ...(list.entry ? [list.entry] : []),
    ...list.always,
    ...(list.pages[pageKey(pathname)] ?? []),
  ];
  return [...new Set(files.map((file) => new URL(file, base).href))]
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => (sameSite ? `${url.pathname}${url.search}` : url.href))
    .map((href) => `<link rel="preload" as="script" href="${attribute(href)}">`);
}

/**
 * The `<link>` elements for `pathname`: the shell's own files from `shellList` (or none), then
 * the remote's at `manifestUrl` from `remoteList`. The remote's manifest is fetched by the
 * federation runtime with `fetch()`, a CORS request without credentials, hence `crossorigin`.
 */
export function preloadTags({ shellList, manifestUrl, remoteList, pathname }) {
  return [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(manifestUrl)}">`,
    ...(shellList
      ? scriptTags('http://shell.invalid/', shellList, pathname, { sameSite: true })
      : []),
    ...scriptTags(manifestUrl, remoteList, pathname),
  ].join('');
}

async function readShellList(distDir) {
  try {
    return parsePreloadList(JSON.parse(await readFile(path.join(distDir, PRELOAD_FILE), 'utf8')));
  } catch {
    return null;
  }
}

/**
 * The shell server's hints: (location) => the `<link>` elements for that page, or '' when it
 * gets none. Reads remotes.json on each call (a moved remote is followed at once) and keeps each
 * remote's preload.json for FRESH_MS. Never throws and never holds the document for long.
 */
export function createPreloadHints(
  distDir,
  {
    fetchImpl = fetch,
    routeFor = loadRouteFinder(distDir),
    waitMs = WAIT_MS,
    freshMs = FRESH_MS,
    now = Date.now,
  } = {},
) {
  /** preload.json URL -> { list (null: none), until, pending } */
  const lists = new Map();

  function refresh(url) {
    const known = lists.get(url) ?? { list: null, until: 0 };
    if (known.pending) return known.pending;
    known.pending = fetchImpl(url, { signal: AbortSignal.timeout(5_000) })
      .then(async (response) => (response.ok ? parsePreloadList(await response.json()) : null))
      .catch(() => null)
      .then((list) => {
        lists.set(url, { list, until: now() + (list ? freshMs : MISSING_RETRY_MS) });
        return list;
      });
    lists.set(url, known);
    return known.pending;
  }

  async function listFor(url) {
    const known = lists.get(url);
    if (known && (known.list || known.until > now())) {
      if (known.until <= now()) void refresh(url);
      return known.list;
    }
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    try {
      return await Promise.race([refresh(url), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return async (location) => {
    if (!routeFor) return '';
    try {
      const { pathname } = new URL(location, 'http://localhost');
      const route = routeFor(pathname);
      if (route?.access !== 'protected') return '';
      const remotes = JSON.parse(await readFile(path.join(distDir, 'remotes.json'), 'utf8'));
      const manifestUrl = remotes[route.remote];
      if (typeof manifestUrl !== 'string') return '';
      const [remoteList, shellList] = await Promise.all([
        listFor(new URL(PRELOAD_FILE, manifestUrl).href),
        readShellList(distDir),
      ]);
      return remoteList ? preloadTags({ shellList, manifestUrl, remoteList, pathname }) : '';
    } catch {
      // No remotes.json, an unreadable one or a bad address: the page loads as it always did.
      return '';
    }
  };
}
