#!/usr/bin/env node
/**
 * `node scripts/complete-lockfile.mjs` after `npm install` changes package-lock.json.
 *
 * The npm registry mirror these machines reach does not serve the other platforms' native
 * bindings (@rspack/binding-darwin-arm64, @swc/core-win32-x64-msvc, …), so npm leaves them out
 * of the lock file, and `npm ci` then refuses the lock as out of sync with package.json. This
 * adds each missing optional binding as an entry with its version and the os/cpu/libc its name
 * states: npm skips it on every other platform, and on its own platform fetches it by version.
 * See docs/decisions/0033-complete-lock-file.md.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const PLATFORM = /(darwin|win32|linux|android|freebsd|openharmony)-([a-z0-9]+)(?:-([a-z]+))?$/;

function missingFromLock() {
  const dryRun = spawnSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...dryRun.stderr.matchAll(/Missing: (\S+)@ from lock file/g)].map((match) => match[1]);
}

/** os, cpu and libc as the binding packages themselves declare them, read off the name. */
function platformOf(name) {
  if (name.endsWith('-wasi')) return { cpu: ['wasm32'], libc: undefined, os: undefined };
  const match = PLATFORM.exec(name.split('/').pop() ?? '');
  if (!match) throw new Error(`cannot tell the platform of ${name}`);
  const [, os, cpu, abi] = match;
  const libc = abi?.startsWith('musl') ? ['musl'] : abi?.startsWith('gnu') ? ['glibc'] : undefined;
  return { os: [os], cpu: [cpu], libc };
}

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const wantedVersion = new Map();
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!wantedVersion.has(name)) wantedVersion.set(name, version);
  }
}

const missing = missingFromLock();
for (const name of missing) {
  const version = wantedVersion.get(name);
  if (!version) throw new Error(`${name} is missing but no package lists it as optional`);
  // version first, the rest in alphabetical order: the order `npm install` writes them in
  const { cpu, libc, os } = platformOf(name);
  lock.packages[`node_modules/${name}`] = {
    version,
    cpu,
    dev: true,
    ...(libc && { libc }),
    optional: true,
    ...(os && { os }),
  };
}
const [rootEntry, ...rest] = Object.entries(lock.packages);
lock.packages = Object.fromEntries([rootEntry, ...rest.sort(([a], [b]) => (a < b ? -1 : 1))]);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${missing.length} platform bindings to package-lock.json`);
