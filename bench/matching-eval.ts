/**
 * Matching quality: category precision@5, skills recall@10 and nDCG@10 over the labelled
 * descriptions in backend/test/matching/eval-set.json, against freshly seeded demo data, through
 * the REST gateway as anon (what /ai-matching does). Targets: precision@5 >= 0.9, recall@10 >= 0.8.
 *   node_modules/.bin/tsx bench/matching-eval.ts
 * BENCH_PROFESSIONALS (default 10000) and BENCH_DB (pglite or postgres; default both) override.
 */
import {
  anonRpc,
  onEachDatabase,
  withSeededBackend,
  type DatabaseKind,
} from './lib/seeded-backend.ts';
import { evaluate, type MatchCall } from '../backend/test/matching/evaluate.ts';

const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 10_000);

async function run(kind: DatabaseKind): Promise<void> {
  await withSeededBackend(kind, PROFESSIONALS, async (server) => {
    const report = await evaluate(
      (args) => anonRpc(server.url, 'match_professionals', args) as ReturnType<MatchCall>,
    );
    console.log(
      `${kind.padEnd(8)} ${PROFESSIONALS} professionals, ${report.cases} descriptions: ` +
        `category precision@5 ${report.categoryPrecisionAt5.toFixed(3)}, ` +
        `skills recall@10 ${report.skillsRecallAt10.toFixed(3)}, nDCG@10 ${report.ndcgAt10.toFixed(3)}`,
    );
    for (const weak of report.weakest)
      console.log(`  weak (P@5 ${weak.precision.toFixed(1)}): ${weak.text}`);
  });
}

await onEachDatabase(run);
