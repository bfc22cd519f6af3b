/**
 * The one way to start the backend as a child process: tests, benchmarks and `npm start` (via
 * scripts/stack.mjs) all come here. It picks a free port (or takes the one given), spawns the
 * server with the caller's environment, waits until /health answers, and stops it.
 *
 * The server runs from a bundle of `backend/src/main.ts` built from the current sources
 * (backend-bundle.cjs: built on first use, rebuilt whenever any source differs), which starts with
 * about a third of the CPU that tsx needs. PROMATCH_BACKEND_TSX=1 runs the TypeScript through tsx
 * instead, as does a failed build (with a warning).
 *
 * CommonJS on purpose: plain Node ESM (scripts/stack.mjs), tsx (benchmarks) and jest's CommonJS
 * test runtime can all load it without a build step. Types are in launch-backend.d.cts.
 */
const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');
const { ensureBackendBundle } = require('./backend-bundle.cjs');

const repoRoot = path.resolve(__dirname, '../..');
const backendMain = path.join(repoRoot, 'backend/src/main.ts');
/** The captured log keeps this many characters at most (a long `npm start` must not grow it). */
const logLimit = 200_000;

/** A TCP port nothing listens on right now (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Where /health is reachable for a server listening on `host`. */
const probeHost = (host) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

function collectOutput(child, forward, label) {
  let log = '';
  const prefix = label ? `[${label}] ` : '';
  const take = (stream, target, shouldForward) =>
    stream.on('data', (chunk) => {
      const text = chunk.toString();
      log = (log + text).slice(-logLimit);
      if (shouldForward) target.write(prefix ? text.replace(/^(?=.)/gm, prefix) : text);
    });
  take(child.stdout, process.stdout, forward === 'all');
  take(child.stderr, process.stderr, forward === 'all' || forward === 'stderr');
  return () => log;
}

function stopChild(child, signal = 'SIGTERM', graceMs = 8000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

async function waitForHealth(child, url, timeoutMs, log) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const how = child.signalCode ?? `exit ${child.exitCode}`;
      throw new Error(`backend stopped (${how}) before it was ready:\n${log()}`);
    }
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`backend not ready at ${url} in time:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let warnedNoBundle = false;

/**
 * The node arguments that run the server: the fresh bundle, or main.ts through tsx. Either way
 * node runs the server in this very process, so its pid is the server's and a signal reaches the
 * server itself (the tsx CLI would put a relaying parent in between).
 *
 * The bundle runs without tsx: the edge functions, the only TypeScript it imports at run time,
 * register tsx when the first one loads (backend/src/functions/loader.ts). Registered for the
 * whole process instead (`--import tsx`, as PROMATCH_BACKEND_EAGER_TSX=1 still does, for
 * comparison in bench/backend-start.ts), tsx's hooks handle every package the server loads at
 * start-up: about a second of CPU per start (docs/benchmarks/test-suite.md).
 */
async function serverArgs(env) {
  if (env.PROMATCH_BACKEND_TSX !== '1') {
    try {
      const bundle = await ensureBackendBundle();
      return env.PROMATCH_BACKEND_EAGER_TSX === '1' ? ['--import', 'tsx', bundle] : [bundle];
    } catch (error) {
      if (!warnedNoBundle) {
        warnedNoBundle = true;
        process.stderr.write(
          `[launcher] backend bundle not built, running through tsx: ${error}\n`,
        );
      }
    }
  }
  return ['--import', 'tsx', backendMain];
}

/** Starts the backend and resolves once /health answers; see launch-backend.d.cts. */
async function launchBackend(options = {}) {
  const env = options.env ?? process.env;
  const host = options.host ?? env.HOST ?? '127.0.0.1';
  const port = options.port ?? (await freePort());
  const args = await serverArgs(env);
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), HOST: host },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = collectOutput(child, options.forward ?? 'none', options.label);
  const url = `http://${probeHost(host)}:${port}`;
  const stop = (signal) => stopChild(child, signal);
  try {
    await waitForHealth(child, url, options.readyTimeoutMs ?? 90_000, log);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  return { url, port, child, pid: child.pid, readyMs: performance.now() - started, log, stop };
}

module.exports = { launchBackend, freePort, stopChild, repoRoot, backendMain };
