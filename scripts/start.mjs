#!/usr/bin/env node
/**
 * `npm start`: builds the six apps in production mode, starts the backend and one server per app,
 * prints the URLs, and stops everything on Ctrl-C. `--no-build` reuses the last build.
 *
 * `npm run start:cluster` (`--cluster`): the same site, but the API on port 54321 is HAProxy in
 * front of two backend instances sharing one PostgreSQL database (DATABASE_URL, default the
 * local `promatch` database, created if missing). Kill either instance and the site keeps working.
 * `--pooler` puts PgBouncer in transaction mode between the instances and PostgreSQL, and
 * `--replica` adds a streaming replica that serves the public reads; `npm run start:scale-out`
 * is the cluster with both (docs/scaling.md).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  APPS,
  backendAvailable,
  ROOT,
  startApp,
  startBackend,
  startCluster,
  stopProcess,
  writeRuntimeFiles,
} from './stack.mjs';

const children = [];
let stopping = false;
const pooler = process.argv.includes('--pooler');
const replica = process.argv.includes('--replica');
const cluster = process.argv.includes('--cluster') || pooler || replica;
/** @type {undefined | (() => Promise<void>)} */
let stopCluster;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping ProMatch…');
  await Promise.all([...children.map((child) => stopProcess(child)), stopCluster?.()]);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-all.mjs')], {
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  await writeRuntimeFiles();

  // an empty database gets ~500 demo professionals, so the site shows real search results
  const seed = process.env.SEED_DEMO_PROFESSIONALS ?? '500';
  if (cluster) {
    const running = await startCluster({
      env: { SEED_DEMO_PROFESSIONALS: seed },
      pooler,
      replica,
    });
    stopCluster = running.stop;
    running.instances.forEach((instance, index) =>
      console.log(`  backend ${index + 1}: pid ${instance.pid} on ${instance.url}`),
    );
    if (running.pooler)
      console.log(`  PgBouncer (transaction mode): 127.0.0.1:${running.pooler.port}`);
    if (running.replica)
      console.log(
        `  read replica: 127.0.0.1:${running.replica.port} (lag on ${'http://localhost:54321/health'})`,
      );
  } else if (backendAvailable()) {
    const backend = await startBackend({ env: { SEED_DEMO_PROFESSIONALS: seed } });
    children.push(backend.child);
  }
  for (const app of APPS) {
    const started = await startApp(app);
    children.push(started.child);
    started.child.on('exit', (code, signal) => {
      if (!stopping)
        console.error(
          `${app.dir} stopped (${signal ?? `exit ${code}`}); the other apps keep running.`,
        );
    });
  }

  console.log('\nProMatch is running:');
  for (const app of APPS) console.log(`  ${app.label.padEnd(14)} http://localhost:${app.port}`);
  if (backendAvailable()) {
    const api = cluster
      ? `http://localhost:54321 (HAProxy, two instances${pooler ? ', PgBouncer' : ''}${replica ? ', read replica' : ''})`
      : 'http://localhost:54321';
    console.log(`  ${'Backend API'.padEnd(14)} ${api}`);
    console.log(`  ${'E-mail outbox'.padEnd(14)} http://localhost:54321/outbox`);
  }
  console.log('\nOpen http://localhost:3000 — press Ctrl-C to stop.');
}

main().catch((error) => {
  console.error(error);
  void shutdown(1);
});
