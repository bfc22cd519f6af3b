#!/usr/bin/env node
/**
 * Serves one app's production build on its own port: one process per app, so each is deployed,
 * stopped and restarted on its own. Usage: node server/src/serve-app.mjs --app mf-auth [--port 3002]
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPreloadHints } from './preload-hints.mjs';
import { createPageComposer, createRemoteRoutes } from './server-rendering.mjs';
import { createSiteFiles, siteUrlFromEnv } from './site-files.mjs';
import { createStaticServer } from './static-server.mjs';

const require = createRequire(import.meta.url);
const { APPS } = require('@promatch/shared/apps');
/** The repository root: each app's build is in <root>/<app>/dist. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const { values } = parseArgs({ options: { app: { type: 'string' }, port: { type: 'string' } } });
const app = APPS.find((candidate) => candidate.dir === values.app);
if (!app) {
  console.error(`Usage: serve-app.mjs --app <${APPS.map((a) => a.dir).join('|')}> [--port N]`);
  process.exit(2);
}
const port = Number(values.port ?? process.env.PORT ?? app.port);
const appDir = path.join(root, app.dir);
const distDir = path.join(appDir, 'dist');
const isShell = app.dir === 'shell';
const siteUrl = siteUrlFromEnv();
// The shell puts remotes' server-rendered pages into index.html and answers for the site's
// sitemap and robots.txt; a remote with a renderer answers for its pages (decision 0035).
const server = createStaticServer(distDir, {
  routes: isShell ? createSiteFiles(distDir, { siteUrl }) : createRemoteRoutes(appDir),
  composePage: isShell ? createPageComposer(distDir) : undefined,
  // PRELOAD_HINTS=off serves signed-in pages without them (a comparison, or a remote whose list
  // is wrong).
  preloadHints:
    isShell && process.env.PRELOAD_HINTS !== 'off' ? createPreloadHints(distDir) : undefined,
  siteUrl,
});
server.listen(port, '0.0.0.0', () => console.log(`${app.dir} serving on http://localhost:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
