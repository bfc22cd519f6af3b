/**
 * `npm run seed -- --professionals N [--seed S]`: deterministic UK demo data (professionals,
 * businesses, reviews) into the backend's database: PostgreSQL when DATABASE_URL is set, else the
 * PGlite data directory (DATA_DIR, default .data). PGlite allows one process at a time, so while
 * the backend runs on that directory this refuses with the lock message: stop the server first.
 */
import { loadConfig } from '../src/config/config.ts';
import { openDb } from '../src/db/open.ts';
import { runMigrations } from '../src/migrate/migrate.ts';
import { DEFAULT_SEED, DEMO_PASSWORD, generateDemoData, writeDemoData } from '../src/seed/index.ts';

function readFlag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number.parseInt(process.argv[index + 1] ?? '', 10) : fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`--${name} needs a whole number, e.g. --${name} 500`);
  }
  return value;
}

async function main() {
  const professionals = readFlag('professionals', 500);
  const seed = readFlag('seed', DEFAULT_SEED);
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
  const db = await openDb(config).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `cannot open ${where}: ${reason}\nStop the backend (npm start) and run the seed again.`,
    );
  });
  try {
    await runMigrations(db, config);
    const report = await writeDemoData(db, generateDemoData(professionals, seed));
    console.log(
      `[seed] ${report.professionals} professionals, ${report.businesses} businesses and ` +
        `${report.reviews} reviews into ${where} in ${report.ms} ms (seed ${seed}). ` +
        `Demo accounts sign in with the password "${DEMO_PASSWORD}".`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`[seed] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
