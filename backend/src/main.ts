import { randomBytes } from 'node:crypto';
import { loadConfig } from './config/config.ts';
import { createKeys } from './config/keys.ts';
import { productionProblems } from './config/production.ts';
import { openDb } from './db/open.ts';
import { openReadReplica, type ReadReplica } from './db/read-replica.ts';
import { startProMatchJobs } from './jobs/index.ts';
import { runMigrations } from './migrate/migrate.ts';
import { createMounts } from './mounts.ts';
import { createRealtime } from './realtime/index.ts';
import { createServer } from './server.ts';
import { seedDemoDataIfEmpty } from './seed/index.ts';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  await refuseDevelopmentSettingsInProduction(config.environment);
  const db = await openDb(config);
  let replica: ReadReplica | undefined;
  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    await replica
      ?.close()
      .catch((error: unknown) => console.error('[backend] replica close failed:', error));
    await db.close().catch((error: unknown) => console.error('[backend] close failed:', error));
    process.exit(code);
  };
  try {
    const report = await runMigrations(db, config);
    if (report.skippedExtensions.length > 0) {
      console.log(
        `[backend] extensions not available here, skipped: ${report.skippedExtensions.join(', ')}`,
      );
    }
    const seeded = config.isProMatchProject
      ? await seedDemoDataIfEmpty(db, process.env.SEED_DEMO_PROFESSIONALS)
      : undefined;
    if (seeded)
      console.log(
        `[backend] empty database: seeded ${seeded.professionals} demo professionals in ${seeded.ms} ms`,
      );
    const keys = await createKeys(config);
    if (config.readReplica) {
      replica = await openReadReplica(db, config.readReplica);
      const state = replica.status();
      console.log(
        `[backend] read replica: ${state.serving ? `serving, ${state.lagMs} ms behind` : `not serving (${state.error ?? `${state.lagMs} ms behind`})`}`,
      );
    }
    const ctx = { config, db, keys, replica };
    const localUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
    // Edge functions reach the database as on hosted Supabase: supabase-js with these variables.
    process.env.SUPABASE_URL = localUrl;
    process.env.SUPABASE_ANON_KEY = config.anonKey;
    process.env.SUPABASE_SERVICE_ROLE_KEY = config.serviceRoleKey;
    // Without Stripe keys, development serves the local payment provider (payments/local-stripe.ts)
    // and the payments functions point the official client at it.
    if (!process.env.STRIPE_SECRET_KEY && config.environment === 'development') {
      process.env.STRIPE_LOCAL_API_URL = localUrl;
      process.env.STRIPE_LOCAL_SECRET_KEY ||= `sk_test_local${randomBytes(12).toString('hex')}`;
      process.env.STRIPE_LOCAL_WEBHOOK_SECRET ||= `whsec_local${randomBytes(16).toString('hex')}`;
    }
    const realtime = await createRealtime(ctx);
    const server = createServer(ctx, await createMounts(ctx, realtime));
    realtime.attach(server);
    const stopJobs = startProMatchJobs(ctx);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        stopJobs();
        server.close();
        server.closeAllConnections();
        void realtime.close().finally(() => shutdown(0));
      });
    }
    if (!config.isProMatchProject)
      console.log(`[backend] serving the project in ${config.supabaseDir}`);
    console.log(`[backend] ready in ${Date.now() - started} ms on ${db.kind}`);
    console.log(`API URL: ${localUrl}`);
    // The local keys are printed for `npm start`; a production secret never goes to the logs.
    if (config.environment === 'development') {
      console.log(`anon key: ${config.anonKey}`);
      console.log(`service_role key: ${config.serviceRoleKey}`);
    }
  } catch (error) {
    console.error('[backend] failed to start:', error);
    await shutdown(1);
  }
}

/**
 * Production mode starts only with every setting a deployment needs (config/production.ts), and
 * lists all that are missing at once. NODE_ENV=production alone does not switch it on: builds and
 * hosts set NODE_ENV for their own reasons, so it only earns a reminder.
 */
async function refuseDevelopmentSettingsInProduction(environment: string) {
  if (environment !== 'production') {
    if (process.env.NODE_ENV === 'production')
      console.warn(
        '[backend] NODE_ENV=production but PROMATCH_ENV is not: running in development mode (local keys, open /outbox). Set PROMATCH_ENV=production for a deployment.',
      );
    return;
  }
  const problems = await productionProblems(process.env);
  if (problems.length === 0) return;
  console.error(
    `[backend] refusing to start in production mode (PROMATCH_ENV=production):\n${problems
      .map((problem) => `  - ${problem}`)
      .join('\n')}`,
  );
  process.exit(1);
}

main().catch((error: unknown) => {
  // openDb failed (e.g. the data directory is locked by another server): nothing to close.
  console.error('[backend] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
