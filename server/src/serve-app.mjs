#!/usr/bin/env node
/**
 * Serves one app's production build on its own port: one process per app, so each is deployed,
 * stopped and restarted on its own. Usage: node server/src/serve-app.mjs --app mf-auth [--port 3002]
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPreloadHints } from './preload-hints.mjs';
import { isProduction, runtimeConfigProblems } from './production-config.mjs';
import { createPageComposer, createRemoteRoutes } from './server-rendering.mjs';
import { createSiteFiles, siteUrlFromEnv } from './site-files.mjs';
import { createStaticServer } from './static-server.mjs';

const require = createRequire(import.meta.url);
const { APPS } = require('@promatch/shared/apps');
const { runtimeConfigFromEnv } = require('@promatch/shared/runtime-config');
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

/**
 * In production the configuration browsers receive must hold only public values: the shell's
 * /config.json, and a remote renderer's (made from the environment) which ends up in the page.
 */
function productionConfigProblems() {
  if (isShell) {
    const file = path.join(distDir, 'config.json');
    if (!existsSync(file))
      return [`${file} is missing: write it from SUPABASE_URL and SUPABASE_ANON_KEY.`];
    return runtimeConfigProblems(JSON.parse(readFileSync(file, 'utf8')), file);
  }
  if (!existsSync(path.join(appDir, 'dist-ssr/render-page.cjs'))) return [];
  return runtimeConfigProblems(
    runtimeConfigFromEnv(process.env),
    `${app.dir}'s renderer configuration`,
  );
}

try {
  const problems = isProduction() ? productionConfigProblems() : [];
  if (problems.length > 0) {
    console.error(
      `${app.dir}: refusing to serve in production mode (PROMATCH_ENV=production):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
} catch (error) {
  console.error(`${app.dir}: ${error.message}`);
  process.exit(1);
}
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
