#!/usr/bin/env node
/**
 * Builds the six apps in production mode, two at a time (the machines here have two cores), and
 * fails if any build fails. Prints how long each build and the whole run took.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { APPS } = require('@promatch/shared/apps');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rspackBin = path.join(root, 'node_modules/.bin/rspack');
const PARALLEL = 2;

function build(app) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(rspackBin, ['build', '--mode', 'production'], {
      cwd: path.join(root, app.dir),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        console.log(`  built ${app.dir.padEnd(13)} ${seconds} s`);
        resolve();
      } else {
        console.error(output);
        reject(new Error(`${app.dir} build failed (exit ${code})`));
      }
    });
  });
}

async function buildAll(apps) {
  const queue = [...apps];
  const workers = Array.from({ length: PARALLEL }, async () => {
    while (queue.length > 0) await build(queue.shift());
  });
  await Promise.all(workers);
}

const started = Date.now();
console.log('Building the six apps in production mode…');
buildAll(APPS)
  .then(() => console.log(`All apps built in ${((Date.now() - started) / 1000).toFixed(1)} s`))
  .catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
