/**
 * A small static server for a production build: gzip, SPA fallback, and caching that lets a
 * redeployed remote be picked up on the next page load (entry files are never cached; hashed
 * chunks are immutable). Every response allows cross-origin reads, which the federation
 * manifest needs.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createSecurityHeaders } from './security-headers.mjs';
import { requestOrigin } from './site-files.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.xml',
  '.txt',
  '.webmanifest',
]);
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

function cacheControl(file) {
  return HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

async function resolveFile(root, urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const candidate = path.normalize(path.join(root, decoded));
  if (!candidate.startsWith(root)) return null;
  try {
    const info = await stat(candidate);
    if (info.isFile()) return candidate;
    if (info.isDirectory()) return resolveFile(root, path.join(decoded, 'index.html'));
  } catch {
    // Not a file: a client-side route, answered with index.html below.
  }
  return path.extname(decoded) ? null : path.join(root, 'index.html');
}

/** Marks a document with a server-rendered page in it (the service worker does not keep it). */
const SERVER_RENDERED_HEADER = 'X-Promatch-Server-Page';

const acceptsGzip = (request) => /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

function sendHtml(request, response, html, documentHeaders, { serverRendered = true } = {}) {
  const headers = {
    ...documentHeaders,
    ...(serverRendered ? { [SERVER_RENDERED_HEADER]: '1' } : {}),
    'Content-Type': TYPES['.html'],
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  };
  const wantsGzip = acceptsGzip(request);
  const body = wantsGzip ? gzipSync(html) : Buffer.from(html);
  if (wantsGzip) headers['Content-Encoding'] = 'gzip';
  response.writeHead(200, { ...headers, 'Content-Length': body.length });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * @param {string} distDir the build folder to serve
 * @param {object} [options]
 * @param {Record<string, (request, response) => unknown>} [options.routes] handlers by path
 * @param {(location: string, origin: string) => Promise<string | null>} [options.composePage] the document for a
 *   page request (index.html with the page rendered in it), or null for the plain index.html
 * @param {(location: string) => Promise<string>} [options.preloadHints] `<link>` elements for the
 *   head of a page the browser renders itself, or '' (preload-hints.mjs); such a page is never
 *   composed
 * @param {string} [options.siteUrl] the site's public origin (SITE_URL) for canonical URLs; the
 *   address the visitor used when unset
 * @param {ReturnType<typeof createSecurityHeaders>} [options.securityHeaders] headers for every
 *   response and for HTML documents (security-headers.mjs); by default those of this build
 */
export function createStaticServer(
  distDir,
  {
    routes = {},
    composePage,
    preloadHints,
    siteUrl,
    securityHeaders = createSecurityHeaders(distDir),
  } = {},
) {
  const root = path.resolve(distDir);
  const gzipCache = new Map();
  const indexFile = path.join(root, 'index.html');
  return createServer(async (request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    for (const [name, value] of Object.entries(securityHeaders.forEveryResponse(request)))
      response.setHeader(name, value);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    const route = routes[(request.url ?? '/').split('?')[0]];
    if (route) {
      await route(request, response);
      return;
    }
    const file = await resolveFile(root, request.url ?? '/').catch(() => null);
    // A signed-in page: no remote renders it on the server, so no remote is asked; its HTML names
    // the files it will need (preload-hints.mjs).
    const hints =
      file === indexFile && preloadHints
        ? await preloadHints(request.url ?? '/').catch(() => '')
        : '';
    if (hints) {
      const html = (await readFile(indexFile, 'utf8')).replace('</head>', () => `${hints}</head>`);
      sendHtml(request, response, html, securityHeaders.forDocument(), { serverRendered: false });
      return;
    }
    if (file === indexFile && composePage) {
      const html = await composePage(request.url ?? '/', siteUrl ?? requestOrigin(request));
      if (html) {
        sendHtml(request, response, html, securityHeaders.forDocument());
        return;
      }
    }
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const ext = path.extname(file);
    const headers = {
      ...(ext === '.html' ? securityHeaders.forDocument() : {}),
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cacheControl(file),
    };
    try {
      if (acceptsGzip(request) && COMPRESSIBLE.has(ext)) {
        const { mtimeMs } = await stat(file);
        const key = `${file}:${mtimeMs}`;
        if (!gzipCache.has(key)) gzipCache.set(key, gzipSync(await readFile(file)));
        const body = gzipCache.get(key);
        response.writeHead(200, {
          ...headers,
          'Content-Encoding': 'gzip',
          'Content-Length': body.length,
          Vary: 'Accept-Encoding',
        });
        response.end(request.method === 'HEAD' ? undefined : body);
        return;
      }
      response.writeHead(200, headers);
      if (request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
    } catch {
      if (!response.headersSent) response.writeHead(500).end();
    }
  });
}
