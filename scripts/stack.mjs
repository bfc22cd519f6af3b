/**
 * Starts and stops the pieces of the site as separate processes: the backend and one static
 * server per app. Used by `npm start`, the end-to-end tests and the benchmarks.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backendMain, launchBackend, stopChild } from '../backend/launcher/launch-backend.cjs';
import { launchCluster } from '../backend/launcher/launch-cluster.cjs';

const require = createRequire(import.meta.url);
export const { APPS, REMOTES, BACKEND_PORT } = require('@promatch/shared/apps');
const { runtimeConfigFromEnv, remotesFromEnv } = require('@promatch/shared/runtime-config');

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const backendAvailable = () => existsSync(backendMain);

/** Waits until `url` answers 2xx, or throws after `timeoutMs`. */
export async function waitForUrl(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { cache: 'no-store' });
      if (response.ok) return;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`Timed out waiting for ${url}: ${lastError?.message ?? 'no answer'}`);
}

function startProcess(label, command, args, { env = {}, quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'pipe', quiet ? 'ignore' : 'pipe'],
  });
  if (!quiet) {
    const prefix = `[${label}] `;
    const forward = (stream, target) =>
      stream.on('data', (chunk) => target.write(chunk.toString().replace(/^(?=.)/gm, prefix)));
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
  }
  return child;
}

/** Starts one app's static server; resolves once its manifest (or index for the shell) answers. */
export async function startApp(app, options = {}) {
  const port = options.ports?.[app.dir] ?? app.port;
  const child = startProcess(
    app.dir,
    process.execPath,
    [path.join(ROOT, 'server/src/serve-app.mjs'), '--app', app.dir, '--port', String(port)],
    options,
  );
  const probe = app.dir === 'shell' ? '/' : '/mf-manifest.json';
  await waitForUrl(`http://localhost:${port}${probe}`);
  return { app, port, child };
}

/** Starts the Supabase-compatible backend on its well-known port and waits for /health. */
export async function startBackend(options = {}) {
  const backend = await launchBackend({
    port: options.backendPort ?? BACKEND_PORT,
    env: { ...process.env, ...options.env },
    forward: options.quiet ? 'none' : 'all',
    label: 'backend',
    readyTimeoutMs: 180_000,
  });
  return { port: backend.port, child: backend.child };
}

/**
 * Two backend instances on one PostgreSQL behind HAProxy on the backend's port (see
 * backend/launcher/launch-cluster.cjs). DATABASE_URL, or the local `promatch` database, which is
 * created when missing.
 */
export async function startCluster(options = {}) {
  const env = { ...process.env, ...options.env };
  const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/promatch';
  await createDatabaseIfMissing(databaseUrl);
  return launchCluster({
    databaseUrl,
    port: options.backendPort ?? BACKEND_PORT,
    env,
    dataDir: env.DATA_DIR ?? path.join(ROOT, '.data/cluster'),
    forward: options.quiet ? 'none' : 'all',
    pooler: options.pooler,
    replica: options.replica,
  });
}

async function createDatabaseIfMissing(databaseUrl) {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Writes the shell's runtime files from the environment, so no bundle holds a URL or key. */
export async function writeRuntimeFiles(env = process.env) {
  const dist = path.join(ROOT, 'shell/dist');
  await writeFile(
    path.join(dist, 'config.json'),
    `${JSON.stringify(runtimeConfigFromEnv(env), null, 2)}\n`,
  );
  await writeFile(
    path.join(dist, 'remotes.json'),
    `${JSON.stringify(remotesFromEnv(REMOTES, env), null, 2)}\n`,
  );
}

/** SIGTERM (or `signal`), SIGKILL after 5 s; resolves once the process has exited. */
export const stopProcess = (child, signal = 'SIGTERM') => stopChild(child, signal, 5000);
