/**
 * /sitemap.xml and /robots.txt, made when asked rather than shipped as files: both name the
 * site's own address (SITE_URL, or the address the visitor used), and the sitemap lists what
 * exists now: every remote's public pages, its category pages and every public profile, as each
 * remote's /__pages reports them (server-rendering.mjs).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGES_PATH } from './server-rendering.mjs';

/** Areas behind sign-in, and the sign-in pages themselves: nothing there is worth indexing. */
export const NOT_FOR_CRAWLERS = [
  '/dashboard',
  '/messages',
  '/favorites',
  '/management',
  '/ai-matching',
  '/analytics-dashboard',
  '/teams',
  '/smart-notifications',
  '/post-project',
  '/projects',
  '/plan',
  '/payments',
  '/business-intelligence',
  '/integrations',
  '/automation-hub',
  '/testing-portal',
  '/account',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/get-access',
];

/** A sitemap is rebuilt at most this often: crawlers ask repeatedly, profiles change slowly. */
const SITEMAP_CACHE_MS = 5 * 60_000;
/** Each remote's page list is awaited this long. */
const PAGES_TIMEOUT_MS = 10_000;
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** SITE_URL as an origin without a trailing slash, or undefined when unset. Throws when malformed. */
export function siteUrlFromEnv(env = process.env) {
  const value = env.SITE_URL?.trim().replace(/\/+$/, '');
  if (!value) return undefined;
  if (!ORIGIN.test(value)) {
    throw new Error(`SITE_URL must be an origin such as https://promatch.example, not ${value}`);
  }
  return value;
}

/** The origin the visitor used (behind a TLS-terminating proxy: x-forwarded-proto). */
export function requestOrigin(request) {
  const scheme = request.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  const host = request.headers.host ?? 'localhost';
  const origin = `${scheme}://${host}`;
  return ORIGIN.test(origin) ? origin : 'http://localhost';
}

const escapeXml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c],
  );

export function sitemapXml(origin, pages) {
  const seen = new Set();
  const urls = [];
  for (const page of pages) {
    if (typeof page?.path !== 'string' || !page.path.startsWith('/') || seen.has(page.path))
      continue;
    seen.add(page.path);
    const lastmod =
      typeof page.lastModified === 'string' && !Number.isNaN(Date.parse(page.lastModified))
        ? `<lastmod>${new Date(page.lastModified).toISOString()}</lastmod>`
        : '';
    urls.push(`  <url><loc>${escapeXml(origin + page.path)}</loc>${lastmod}</url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin) {
  return [
    '# ProMatch: public pages are open to crawlers; signed-in areas and sign-in pages are not.',
    'User-agent: *',
    'Allow: /',
    ...NOT_FOR_CRAWLERS.map((area) => `Disallow: ${area}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The shell server's routes for /sitemap.xml and /robots.txt. Remotes are read from the build's
 * remotes.json on each rebuild, so a moved remote is followed without a restart. When no remote
 * can list its pages the sitemap answers 503, so a crawler retries instead of dropping pages.
 */
export function createSiteFiles(
  distDir,
  { siteUrl = siteUrlFromEnv(), fetchImpl = fetch, timeoutMs = PAGES_TIMEOUT_MS } = {},
) {
  const cache = new Map();

  async function remotePages(manifestUrl) {
    const response = await fetchImpl(new URL(PAGES_PATH, manifestUrl), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return [];
    if (!response.ok) throw new Error(`${manifestUrl}: ${PAGES_PATH} answered ${response.status}`);
    // A remote without a renderer has no such route: its server answers with the app's page.
    if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
      await response.body?.cancel();
      return [];
    }
    const pages = await response.json();
    if (!Array.isArray(pages)) throw new Error(`${manifestUrl}: ${PAGES_PATH} is not a list`);
    return pages;
  }

  async function buildSitemap(origin) {
    const remotes = JSON.parse(await readFile(path.join(distDir, 'remotes.json'), 'utf8'));
    const lists = await Promise.all(Object.values(remotes).map(remotePages));
    return sitemapXml(origin, lists.flat());
  }

  const send = (request, response, type, body) => {
    response.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=300',
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  return {
    '/robots.txt': (request, response) =>
      send(
        request,
        response,
        'text/plain; charset=utf-8',
        robotsTxt(siteUrl ?? requestOrigin(request)),
      ),
    '/sitemap.xml': async (request, response) => {
      const origin = siteUrl ?? requestOrigin(request);
      const cached = cache.get(origin);
      if (cached && cached.until > Date.now()) {
        send(request, response, 'application/xml; charset=utf-8', cached.xml);
        return;
      }
      try {
        const xml = await buildSitemap(origin);
        cache.set(origin, { xml, until: Date.now() + SITEMAP_CACHE_MS });
        send(request, response, 'application/xml; charset=utf-8', xml);
      } catch (error) {
        console.error('building the sitemap failed:', error);
        response
          .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' })
          .end('The sitemap is unavailable for a moment. Please try again shortly.');
      }
    },
  };
}
