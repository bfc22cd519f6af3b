/**
 * Puts V8's compile hint `//# allFunctionsCalledOnLoad` at the top of the JavaScript a page runs
 * while it loads: the shell's first-render graph (its entry, the bootstrap and the shared
 * singletons it waits for: the federation runtime, React, react-dom, styled-components, the
 * router) and a remote's container entry with the chunks of its exposed modules.
 *
 * Without the hint V8 compiles a function the first time it is called, on the main thread, in
 * the middle of the task that calls it: for the federation runtime's start-up and React's
 * hydration, nearly every function in those files. With it, Chromium (136 and later) compiles the
 * whole file on the background thread that already parses it while it downloads, so those tasks
 * only run code. On this project's 2 vCPU machines that took the shell entry's evaluation from
 * about 190-210 ms to 140 ms at a 4x CPU slowdown (docs/benchmarks.md). Lazily loaded pages
 * (React.lazy routes, supabase-js, charts) are left to V8's usual lazy compilation: much of
 * their code never runs on a given visit. Other browsers treat the line as a comment.
 */
const { firstRenderChunks } = require('./first-render-graph.cjs');

const PLUGIN = 'promatch-compile-hints';
const HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  /** @param {{ entryName: string }} options the entry whose first-render files get the hint */
  constructor({ entryName }) {
    this.entryName = entryName;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (which would drop the comment), before the source maps are written
        // (so they account for the added line).
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1 },
        () => {
          const files = firstRenderChunks(compilation, this.entryName).flatMap(
            (chunk) => chunk.files,
          );
          for (const file of new Set(files)) {
            compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT: HINT.trim() };
