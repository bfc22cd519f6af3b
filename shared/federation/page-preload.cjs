/**
 * Writes `preload.json` beside a remote's mf-manifest.json: the script files each of its pages
 * needs before it can draw, read from the build's chunk graph by chunk name. The shell's server
 * names them in a signed-in page's HTML, so the browser fetches them while the shell's own code
 * loads instead of one after another (server/src/preload-hints.mjs, decision 0138).
 *
 * The shell writes one too, for its own files that every signed-in page waits for and that its first
 * render does not load (supabase-js and react-query, which it provides to every remote). Its first
 * render's own files are not listed: preloaded beside `main.js` they delayed it (all are asked
 * for at a higher priority than a deferred script), and `main.js` asks for them within
 * milliseconds anyway (docs/benchmarks.md).
 *
 * The file, with paths relative to the app's base URL (`entry` only for a remote):
 *   { "entry": "remoteEntry.js", "always": [files], "pages": { "/path": [more files] } }
 *
 * A chunk name or shared module that is not in the build fails it: a renamed chunk would
 * otherwise silently stop being preloaded.
 */
const { providerGroups } = require('./first-render-graph.cjs');

const PLUGIN = 'promatch-page-preload';
const FILE = 'preload.json';

/** The JavaScript files of the chunk group named `name`, in load order. */
function groupFiles(compilation, name) {
  const group = compilation.namedChunkGroups.get(name);
  if (!group) {
    const known = [...compilation.namedChunkGroups.keys()].join(', ');
    throw new Error(`${PLUGIN}: no chunk named "${name}" (named chunks: ${known})`);
  }
  return group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
}

/** The JavaScript files that provide the shared module `request` (`@tanstack/react-query`). */
function sharedFiles(compilation, request) {
  const providers = providerGroups(compilation);
  const key = [...providers.keys()].find((candidate) =>
    candidate.startsWith(`default:${request}@`),
  );
  if (!key) throw new Error(`${PLUGIN}: the build provides no shared module "${request}"`);
  return providers
    .get(key)
    .flatMap((group) => group.chunks)
    .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
}

class PagePreloadPlugin {
  /**
   * @param {{ entry?: string, always?: string[], shared?: string[], pages?: Record<string, string[]> }} options
   *   `entry` is a remote's entry file; `always` and each page's list are chunk names; `shared`
   *   names shared modules this app provides, whose files every page needs too.
   */
  constructor({ entry, always = [], shared = [], pages = {} }) {
    this.entry = entry;
    this.always = always;
    this.shared = shared;
    this.pages = pages;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = (names) => [...new Set(names.flatMap((n) => groupFiles(compilation, n)))];
          const always = [
            ...new Set([
              ...files(this.always),
              ...this.shared.flatMap((request) => sharedFiles(compilation, request)),
            ]),
          ];
          const pages = Object.fromEntries(
            Object.entries(this.pages).map(([page, names]) => [
              page,
              files(names).filter((file) => !always.includes(file)),
            ]),
          );
          const content = { ...(this.entry ? { entry: this.entry } : {}), always, pages };
          compilation.emitAsset(
            FILE,
            new sources.RawSource(`${JSON.stringify(content, null, 2)}\n`),
          );
        },
      );
    });
  }
}

module.exports = { PagePreloadPlugin, PRELOAD_FILE: FILE };
