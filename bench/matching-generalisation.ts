/**
 * Matching quality on descriptions written as people write them
 * (backend/test/matching/generalisation): category precision@5, skills recall@10, nDCG@10 and
 * town fit@5 on the development and held-out splits, against freshly seeded demo data, through
 * the REST gateway as anon (what /ai-matching does). Budgets on the held-out split at 10,000:
 * precision@5 >= 0.92, recall@10 >= 0.90, town fit@5 >= 0.90.
 *   node_modules/.bin/tsx bench/matching-generalisation.ts
 * BENCH_PROFESSIONALS (default 10000), BENCH_DB (pglite or postgres; default both) and
 * BENCH_SPLIT (development or held-out; default both) override. BENCH_WEAK=1 lists the weak
 * development descriptions.
 */
import {
  anonRpc,
  onEachDatabase,
  withSeededBackend,
  type DatabaseKind,
} from './lib/seeded-backend.ts';
import {
  descriptionsOf,
  evaluateGeneralisation,
  type MatchCall,
  type Split,
} from '../backend/test/matching/generalisation/score.ts';

const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 10_000);
const SPLITS: Split[] = process.env.BENCH_SPLIT
  ? [process.env.BENCH_SPLIT as Split]
  : ['development', 'held-out'];

async function run(kind: DatabaseKind): Promise<void> {
  await withSeededBackend(kind, PROFESSIONALS, async (server) => {
    const call: MatchCall = (args) =>
      anonRpc(server.url, 'match_professionals', args) as ReturnType<MatchCall>;
    for (const split of SPLITS) {
      const report = await evaluateGeneralisation(call, descriptionsOf(split), PROFESSIONALS);
      console.log(
        `${kind.padEnd(8)} ${PROFESSIONALS} professionals, ${split} (${report.cases}): ` +
          `category precision@5 ${report.categoryPrecisionAt5.toFixed(3)}, ` +
          `skills recall@10 ${report.skillsRecallAt10.toFixed(3)}, nDCG@10 ${report.ndcgAt10.toFixed(3)}, ` +
          `town fit@5 ${report.townFitAt5.toFixed(3)} (${report.townCases} with a town)`,
      );
      if (process.env.BENCH_WEAK)
        for (const w of report.weakest)
          console.log(
            `  weak P@5 ${w.precision.toFixed(1)} R@10 ${w.recall.toFixed(2)} town ${w.townFit?.toFixed(1) ?? '-'}: ${w.text}`,
          );
    }
  });
}

await onEachDatabase(run);
