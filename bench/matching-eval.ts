/**
 * Matching quality: category precision@5, skills recall@10 and nDCG@10 over the labelled
 * descriptions in backend/test/matching/eval-set.json, against freshly seeded demo data, through
 * the REST gateway as anon (what /ai-matching does). Targets: precision@5 >= 0.9, recall@10 >= 0.8.
 *   node_modules/.bin/tsx bench/matching-eval.ts
 * BENCH_PROFESSIONALS (default 10000) and BENCH_DB (pglite or postgres; default both) override.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import { ANON_KEY, postgresAvailable } from '../backend/test/support/test-server.ts';
import { evaluate } from '../backend/test/matching/evaluate.ts';
import { launchBackend } from '../backend/launcher/launch-backend.cjs';

const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 10_000);

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-eval-'));
  const dbName = `pm_eval_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_DEMO_PROFESSIONALS: String(PROFESSIONALS),
  };
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  if (kind === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  } else {
    env.DATABASE_URL = '';
  }
  const server = await launchBackend({ env: { ...process.env, ...env }, forward: 'stderr' });
  try {
    const anon = createClient(server.url, ANON_KEY, { auth: { persistSession: false } });
    const report = await evaluate(async (args) => {
      const { data, error } = await anon.rpc('match_professionals', args);
      if (error) throw new Error(error.message);
      return data;
    });
    console.log(
      `${kind.padEnd(8)} ${PROFESSIONALS} professionals, ${report.cases} descriptions: ` +
        `category precision@5 ${report.categoryPrecisionAt5.toFixed(3)}, ` +
        `skills recall@10 ${report.skillsRecallAt10.toFixed(3)}, nDCG@10 ${report.ndcgAt10.toFixed(3)}`,
    );
    for (const weak of report.weakest)
      console.log(`  weak (P@5 ${weak.precision.toFixed(1)}): ${weak.text}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const only = process.env.BENCH_DB;
if (only !== 'postgres') await run('pglite');
if (only !== 'pglite') {
  if (postgresAvailable()) await run('postgres');
  else console.log('postgres: SKIPPED, nothing answers on 127.0.0.1:5432');
}
