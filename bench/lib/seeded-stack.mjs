/**
 * The production stack (backend + the six app servers from the build) with a backend seeded with
 * demo professionals on PGlite, for the Playwright-driven benches that need a full marketplace.
 * Needs a build (`npm run build`); run under the machine-wide lock.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  APPS,
  BACKEND_PORT,
  startApp,
  startBackend,
  stopProcess,
  writeRuntimeFiles,
} from '../../scripts/stack.mjs';

const require = createRequire(import.meta.url);
const {
  LOCAL_DEV_ANON_KEY,
  LOCAL_DEV_SERVICE_ROLE_KEY,
} = require('@promatch/shared/local-dev-keys');

export const BACKEND_URL = `http://localhost:${BACKEND_PORT}`;
export const SITE_URL = 'http://localhost:3000';
/** supabase-js keeps the session under sb-<first label of the host>-auth-token. */
const STORAGE_KEY = 'sb-localhost-auth-token';
// supabase-js on Node 20 needs a WebSocket implementation for its realtime client.
const noPersistence = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket },
};

/** Bypasses row level security: for seeding, never for what a user does. */
export const serviceClient = () =>
  createClient(BACKEND_URL, LOCAL_DEV_SERVICE_ROLE_KEY, noPersistence);

/** Starts the stack with `professionals` demo professionals; returns a stop function. */
export async function startSeededStack(professionals) {
  // BENCH_STACK_DATA_DIR: a PGlite directory already seeded with the same number of professionals
  // (by a backend started on another port, outside the e2e lock): on a loaded machine seeding
  // 10,000 can outlast the launcher's wait. It is kept afterwards.
  const kept = process.env.BENCH_STACK_DATA_DIR;
  const dataDir = kept || (await mkdtemp(path.join(tmpdir(), 'promatch-bench-stack-')));
  await writeRuntimeFiles();
  const started = Date.now();
  const backend = await startBackend({
    quiet: !process.env.BENCH_VERBOSE,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '', // PGlite
      SEED_DEMO_PROFESSIONALS: String(professionals),
      RATE_LIMIT_SIGN_IN: '100000',
    },
  });
  const seedSeconds = (Date.now() - started) / 1000;
  const apps = [];
  for (const app of APPS) apps.push(await startApp(app, { quiet: true }));
  return {
    seedSeconds,
    async stop() {
      await Promise.all(apps.map((running) => stopProcess(running.child)));
      await stopProcess(backend.child);
      if (!kept) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A session for a demo account, as a real sign-in with its password gives it. */
export async function sessionFor(email, password) {
  const anon = createClient(BACKEND_URL, LOCAL_DEV_ANON_KEY, noPersistence);
  const { data, error } = await anon.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error(`no session for ${email}`);
  return data.session;
}

/** A browser context that starts signed in with `session` (as e2e/support/users.ts signInAs). */
export async function signedInContext(browser, session) {
  const context = await browser.newContext({ baseURL: SITE_URL });
  if (session) {
    await context.addInitScript(
      ([key, value]) => window.localStorage.setItem(key, value),
      [STORAGE_KEY, JSON.stringify(session)],
    );
  }
  return context;
}

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
