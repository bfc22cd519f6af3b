/**
 * One rspack configuration for every app, so the six builds cannot drift apart: same loaders,
 * same federation singletons (shared-deps.cjs), same output layout. Each app's rspack.config.ts
 * calls `createAppConfig` with what is its own: its folder and what it exposes.
 */
const fs = require('node:fs');
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { browserAliases, sharedSingletons } = require('./shared-deps.cjs');
const { APPS } = require('./app-ports.cjs');
const { runtimeConfigFromEnv, remotesFromEnv } = require('./runtime-config.cjs');
const { CompileHintsPlugin } = require('./compile-hints.cjs');
const { FirstRenderGraphPlugin } = require('./first-render-graph.cjs');
const { PagePreloadPlugin } = require('./page-preload.cjs');

const THEME_COLOUR = '#2563eb';

function swcRule(isDevelopment) {
  return {
    test: /\.(t|j)sx?$/,
    exclude: /node_modules/,
    // Loaders run last to first: fixed styled-component ids on the source, then swc.
    use: [
      {
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: isDevelopment } },
          },
          env: { targets: 'chrome >= 110, firefox >= 110, safari >= 16' },
        },
      },
      { loader: require.resolve('./styled-component-ids.cjs') },
    ],
    type: 'javascript/auto',
  };
}

/** The standalone dev host answers /config.json and /remotes.json like the shell does in production. */
function serveRuntimeFiles(middlewares) {
  const remotes = APPS.filter((app) => app.dir !== 'shell');
  const files = {
    '/config.json': () => runtimeConfigFromEnv(),
    '/remotes.json': () => remotesFromEnv(remotes),
  };
  middlewares.unshift({
    name: 'promatch-runtime-config',
    middleware: (req, res, next) => {
      const file = files[req.url.split('?')[0]];
      if (!file) return next();
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'no-store');
      res.end(JSON.stringify(file()));
    },
  });
  return middlewares;
}

/**
 * The shell's build starts with /config.json and /remotes.json for the local stack, made from the
 * same defaults as the dev host's; `npm start` and a deployment rewrite them from the environment.
 * Generated rather than kept in public/, so the anon key and the ports are written in one place.
 */
class RuntimeFilesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const files = {
      'config.json': runtimeConfigFromEnv({}),
      'remotes.json': remotesFromEnv(
        APPS.filter((app) => app.dir !== 'shell'),
        {},
      ),
    };
    compiler.hooks.thisCompilation.tap('promatch-runtime-files', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'promatch-runtime-files', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [name, content] of Object.entries(files)) {
            compilation.emitAsset(
              name,
              new sources.RawSource(`${JSON.stringify(content, null, 2)}\n`),
            );
          }
        },
      );
    });
  }
}

/** The commit being built: GIT_COMMIT from CI or a deployment, else git itself, else null. */
function buildCommit(appDir) {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT.slice(0, 40);
  try {
    return require('node:child_process')
      .execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
        cwd: appDir,
        stdio: ['ignore', 'pipe', 'ignore'],
      })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/**
 * `build-info.json` beside mf-manifest.json: which app, its package version, the commit and when
 * it was built. The testing portal reads it from each deployed remote (decision 0103).
 */
class BuildInfoPlugin {
  constructor(app, appDir) {
    this.app = app;
    this.appDir = appDir;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const pkg = JSON.parse(fs.readFileSync(path.join(this.appDir, 'package.json'), 'utf8'));
    const info = {
      app: this.app.federationName,
      version: pkg.version,
      commit: buildCommit(this.appDir),
      builtAt: new Date().toISOString(),
    };
    compiler.hooks.thisCompilation.tap('promatch-build-info', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'promatch-build-info', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            'build-info.json',
            new sources.RawSource(`${JSON.stringify(info, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/** The page a remote serves when it runs on its own (the shell has its own index.html). */
function standaloneHtml(title) {
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="${THEME_COLOUR}" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
}

/**
 * In production the shell provides the federation runtime and the remotes use it, so each
 * remoteEntry.js does not carry its own copy (~25 KB gzip on every page's critical path). A
 * remote run alone (`npm run dev`, its own host) keeps its runtime.
 */
function federationRuntimeSharing(app, mode) {
  if (mode !== 'production') return undefined;
  // The browser build runs only in browsers: Module Federation's Node script loading is dropped.
  const optimization = { target: 'web' };
  return app.dir === 'shell'
    ? { provideExternalRuntime: true, optimization }
    : { externalRuntime: true, optimization };
}

/**
 * A Node build of a remote's server-side renderer (decision 0035): one self-contained CommonJS
 * file in dist-ssr/, beside (never inside) the static files the remote publishes.
 */
function serverRendererConfig(appDir, serverEntry, mode) {
  return {
    name: 'server',
    mode,
    context: appDir,
    target: 'node20',
    entry: { 'render-page': serverEntry },
    devtool: false,
    output: {
      path: path.join(appDir, 'dist-ssr'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
    module: { rules: [swcRule(false)] },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      // Lazily loaded pages are awaited in one process: no reason to split them into files.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    // Optional native speed-ups of the WebSocket client; the renderer opens no sockets.
    externals: { bufferutil: 'commonjs bufferutil', 'utf-8-validate': 'commonjs utf-8-validate' },
    performance: { hints: false },
  };
}

/**
 * @param {object} options
 * @param {string} options.appDir absolute folder of the app
 * @param {string} [options.serverEntry] module exporting the server-side renderer (remotes that have one)
 * @param {Record<string, string>} [options.exposes] federated modules (remotes only)
 * @param {string} [options.title] HTML title of the standalone page
 * @param {{ always?: string[], shared?: string[], pages?: Record<string, string[]> }} [options.preload]
 *   what every signed-in page of the app needs before it draws (chunk names, provided shared
 *   modules), and chunk names only some pages need, by path: written to preload.json for the
 *   shell's server (page-preload.cjs)
 */
function createAppConfig({ appDir, exposes = {}, title = 'ProMatch', serverEntry, preload }) {
  const app = APPS.find((candidate) => candidate.dir === path.basename(appDir));
  if (!app) throw new Error(`Unknown app folder ${appDir}`);
  const isDevelopment = process.env.NODE_ENV === 'development';
  const publicDir = path.join(appDir, 'public');
  const htmlTemplate = path.join(publicDir, 'index.html');

  return (_env, argv) => {
    const mode = argv.mode ?? (isDevelopment ? 'development' : 'production');
    const browser = {
      name: 'browser',
      mode,
      context: appDir,
      entry: { main: './src/index.ts' },
      devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        publicPath: 'auto',
        uniqueName: app.federationName,
        filename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
        alias: browserAliases(appDir),
      },
      module: { rules: [swcRule(mode === 'development')] },
      plugins: [
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
        new rspack.HtmlRspackPlugin({
          title,
          ...(fs.existsSync(htmlTemplate)
            ? { template: htmlTemplate }
            : { templateContent: standaloneHtml(title) }),
          chunks: ['main'],
          // Absolute script URLs, so deep links such as /professional/42 load the same bundle.
          publicPath: '/',
        }),
        fs.existsSync(publicDir) &&
          new rspack.CopyRspackPlugin({
            patterns: [{ from: publicDir, globOptions: { ignore: ['**/index.html'] } }],
          }),
        app.dir === 'shell' && new RuntimeFilesPlugin(),
        new BuildInfoPlugin(app, appDir),
        // What the first render loads, for the size budget (scripts/check-budgets.mjs).
        mode === 'production' && new FirstRenderGraphPlugin({ appDir }),
        // The shell's page, or a remote's container entry and exposed modules (compile-hints.cjs).
        mode === 'production' &&
          new CompileHintsPlugin({
            entryName: app.dir === 'shell' ? 'main' : app.federationName,
          }),
        mode === 'production' &&
          preload &&
          new PagePreloadPlugin({
            entry: app.dir === 'shell' ? undefined : 'remoteEntry.js',
            ...preload,
          }),
        new ModuleFederationPlugin({
          name: app.federationName,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedSingletons(appDir),
          // 'version-first' (the default) fetches every registered remote's entry when the share
          // scope starts, to compare versions; every app pins the same versions, so the first
          // loaded copy (the shell's) is the one to use, and only the page's remote is fetched.
          shareStrategy: 'loaded-first',
          experiments: federationRuntimeSharing(app, mode),
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
        }),
      ].filter(Boolean),
      performance: { hints: false },
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        setupMiddlewares: serveRuntimeFiles,
      },
    };
    // The dev server renders in the browser only; production builds the renderer beside it.
    return mode === 'production' && serverEntry
      ? [browser, serverRendererConfig(appDir, serverEntry, mode)]
      : browser;
  };
}

module.exports = { createAppConfig };
