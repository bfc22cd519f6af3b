#!/usr/bin/env node
/**
 * Size budgets that guard themselves, checked after `npm run build` (part of `npm run test:e2e`):
 * - the shell's first-render JavaScript, gzip, at most 200 KB: the files index.html loads plus
 *   what the entry loads before rendering, read from the build's chunk graph
 *   (`shell/dist-stats/first-render.json`, written by shared/federation/first-render-graph.cjs);
 * - each remote's `remoteEntry.js`, gzip, at most 40 KB.
 * Sizes are gzip at the default level, as the app servers send them (server/src/static-server.mjs).
 * Prints every figure; exits 1 when a budget is passed or the build is missing.
 * Usage: node scripts/check-budgets.mjs
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { REMOTES, ROOT } from './stack.mjs';

export const FIRST_RENDER_BUDGET = 200 * 1024;
export const REMOTE_ENTRY_BUDGET = 40 * 1024;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file) => gzipSync(readFileSync(file)).length;

/** Script files named by index.html (`<script src="/main.x.js">`), relative to dist. */
function htmlScripts(html) {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)]
    .map((match) => match[1].replace(/^\//, ''))
    .filter((src) => !/^[a-z]+:/i.test(src));
}

/** The shell's first-render files with their gzip sizes, or an error message. */
export function firstRenderFiles(root = ROOT) {
  const dist = path.join(root, 'shell/dist');
  const graphFile = path.join(root, 'shell/dist-stats/first-render.json');
  if (!existsSync(path.join(dist, 'index.html')) || !existsSync(graphFile)) {
    return { error: 'no production build of the shell: run `npm run build` first' };
  }
  const graph = JSON.parse(readFileSync(graphFile, 'utf8'));
  const reasons = new Map(
    htmlScripts(readFileSync(path.join(dist, 'index.html'), 'utf8')).map((f) => [f, 'index.html']),
  );
  for (const chunk of graph.chunks) {
    for (const file of chunk.files) if (!reasons.has(file)) reasons.set(file, chunk.reason);
  }
  const missing = [...reasons.keys()].filter((file) => !existsSync(path.join(dist, file)));
  if (missing.length > 0) {
    return { error: `shell/dist-stats is from another build (missing ${missing.join(', ')})` };
  }
  const files = [...reasons].map(([file, reason]) => ({
    file,
    reason,
    bytes: gzipSize(path.join(dist, file)),
  }));
  return { files, total: files.reduce((sum, f) => sum + f.bytes, 0) };
}

/** Each remote's remoteEntry.js gzip size (undefined when that remote is not built). */
export function remoteEntrySizes(root = ROOT) {
  return REMOTES.map((remote) => {
    const file = path.join(root, remote.dir, 'dist/remoteEntry.js');
    return { remote: remote.dir, bytes: existsSync(file) ? gzipSize(file) : undefined };
  });
}

function main() {
  const failures = [];
  const shell = firstRenderFiles();
  console.log('Size budgets (gzip):');
  if (shell.error) failures.push(shell.error);
  else {
    console.log(`  shell JavaScript before first render: ${kb(shell.total)} (budget 200 KB)`);
    for (const { file, reason, bytes } of [...shell.files].sort((a, b) => b.bytes - a.bytes)) {
      console.log(`    ${kb(bytes).padStart(9)}  ${file.padEnd(22)} ${reason}`);
    }
    if (shell.total > FIRST_RENDER_BUDGET)
      failures.push(`the shell's first-render JavaScript is ${kb(shell.total)}, over 200 KB`);
  }
  for (const { remote, bytes } of remoteEntrySizes()) {
    if (bytes === undefined) {
      failures.push(`${remote} is not built: run \`npm run build\` first`);
      continue;
    }
    console.log(`  ${`${remote}/remoteEntry.js:`.padEnd(37)} ${kb(bytes)} (budget 40 KB)`);
    if (bytes > REMOTE_ENTRY_BUDGET)
      failures.push(`${remote}/remoteEntry.js is ${kb(bytes)}, over 40 KB`);
  }
  for (const failure of failures) console.error(`Budget failed: ${failure}`);
  process.exit(failures.length > 0 ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
