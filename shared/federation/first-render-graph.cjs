/**
 * Records, at build time, which JavaScript files an app's page loads before its first render,
 * read from the build's own chunk graph (not from a timed browser run, whose count moves with
 * timing). The size check (scripts/check-budgets.mjs) gzips the files listed here.
 *
 * What counts:
 * 1. the entry chunks (what index.html's script tags load);
 * 2. the chunks of every `import()` written in an entry module: the async boundary
 *    (`src/index.ts` only does `import('./bootstrap')`), which the page awaits before rendering;
 * 3. for every shared singleton those chunks consume, the chunks that provide it. The federation
 *    runtime loads a chunk's consumed shared modules before running the chunk, and the host's own
 *    copy is the one it picks (`shareStrategy: 'loaded-first'`); the chunks consumed by those
 *    shared modules count too, and so on.
 *
 * What does not count: `import()`s inside the bootstrap and below (React.lazy pages, the cookie
 * banner, supabase-js on first use): the first render itself requests them.
 *
 * The record goes to `<app>/dist-stats/first-render.json`, beside `dist/` and never published.
 */
const fs = require('node:fs');
const path = require('node:path');

const PLUGIN = 'promatch-first-render-graph';

/** `react@19.3.1` from "consume shared module (default) react@19.3.1 (strict) …" or "provide …". */
function shareKey(identifier, kind) {
  const match = new RegExp(`^${kind} shared module \\((\\S+)\\) (\\S+)`).exec(identifier);
  return match ? `${match[1]}:${match[2]}` : undefined;
}

function blockGroups(chunkGraph, module) {
  return (module.blocks ?? [])
    .map((block) => chunkGraph.getBlockChunkGroup(block))
    .filter((group) => group !== null);
}

/** The chunk groups the runtime loads to provide each shared singleton, by share key. */
function providerGroups(compilation) {
  const { chunkGraph } = compilation;
  const providers = new Map();
  for (const chunk of compilation.chunks) {
    for (const module of chunkGraph.getChunkModules(chunk)) {
      const key = shareKey(module.identifier(), 'provide');
      if (key && !providers.has(key)) providers.set(key, blockGroups(chunkGraph, module));
    }
  }
  return providers;
}

/** Chunks loaded before the first render, each with the reason it is needed. */
function firstRenderChunks(compilation, entryName) {
  const { chunkGraph } = compilation;
  const entrypoint = compilation.entrypoints.get(entryName);
  if (!entrypoint) return [];
  const providers = providerGroups(compilation);
  const needed = new Map();
  const queue = [];
  const add = (chunk, reason) => {
    if (needed.has(chunk)) return;
    needed.set(chunk, reason);
    queue.push(chunk);
  };
  for (const chunk of entrypoint.chunks) add(chunk, `entry ${entryName}`);
  for (const chunk of entrypoint.chunks) {
    for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) {
      for (const group of blockGroups(chunkGraph, module)) {
        for (const child of group.chunks) add(child, `import() in ${module.readableIdentifier()}`);
      }
    }
  }
  while (queue.length > 0) {
    const chunk = queue.shift();
    for (const module of chunkGraph.getChunkModules(chunk)) {
      const key = shareKey(module.identifier(), 'consume');
      if (!key) continue;
      const groups = providers.get(key) ?? blockGroups(chunkGraph, module);
      for (const group of groups) for (const child of group.chunks) add(child, `shared ${key}`);
    }
  }
  return [...needed].map(([chunk, reason]) => ({
    chunk: chunk.id,
    files: [...chunk.files].filter((file) => file.endsWith('.js')),
    reason,
  }));
}

class FirstRenderGraphPlugin {
  /** @param {{ appDir: string, entryName?: string }} options */
  constructor({ appDir, entryName = 'main' }) {
    this.outFile = path.join(appDir, 'dist-stats', 'first-render.json');
    this.entryName = entryName;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap(PLUGIN, (compilation) => {
      const chunks = firstRenderChunks(compilation, this.entryName);
      fs.mkdirSync(path.dirname(this.outFile), { recursive: true });
      fs.writeFileSync(
        this.outFile,
        `${JSON.stringify({ entry: this.entryName, hash: compilation.hash, chunks }, null, 2)}\n`,
      );
    });
  }
}

module.exports = { FirstRenderGraphPlugin, firstRenderChunks, providerGroups };
