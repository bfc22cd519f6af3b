/**
 * Benchmark: plain-English matching over 10,000 seeded demo professionals, on PGlite and on
 * PostgreSQL. Per request: parse the description (shared/src/matching, in this process) and call
 * match_professionals through the REST gateway as anon (retrieval, ranking, diversity and
 * explanations), one request at a time on loopback, so the figure is the server's. 200 varied
 * descriptions (the labelled evaluation set plus variants of it: remote, another town, a budget)
 * and the 223 written as people write them (backend/test/matching/generalisation: longer, with
 * context skills and a named town, so distances too).
 * Reference, same run, same data: search_professionals with the description's skills as the query.
 * Budget: p95 <= 300 ms (aim: 100 ms on PostgreSQL).
 *   node_modules/.bin/tsx bench/match-professionals.ts
 * BENCH_PROFESSIONALS (default 10000), BENCH_ROUNDS (passes over the 423, default 2), BENCH_DB.
 */
import { EVAL_SET } from '../backend/test/matching/evaluate.ts';
import { DESCRIPTIONS as WRITTEN } from '../backend/test/matching/generalisation/score.ts';
import {
  anonRpc,
  onEachDatabase,
  withSeededBackend,
  type DatabaseKind,
} from './lib/seeded-backend.ts';
import { parseRequest, toMatchArgs } from '@promatch/shared/matching';

const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const VARIANTS = [', or remote', ' in Bristol', ', about £500 a day', ', start ASAP'];

const DESCRIPTIONS: string[] = [
  ...Array.from({ length: 200 }, (_, i) => {
    const base = EVAL_SET[i % EVAL_SET.length].text;
    return i < EVAL_SET.length ? base : `${base}${VARIANTS[i % VARIANTS.length]}`;
  }),
  ...WRITTEN.map((d) => d.text),
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];

async function rpc(url: string, name: string, body: unknown): Promise<void> {
  await anonRpc(url, name, body);
}

async function time(count: number, op: (i: number) => Promise<void>) {
  for (let i = 0; i < 20; i += 1) await op(i); // warm-up
  const latencies: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    await op(i);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const f = (p: number) => percentile(latencies, p).toFixed(1);
  return `p50 ${f(50)} ms, p95 ${f(95)} ms, p99 ${f(99)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms`;
}

async function bench(kind: DatabaseKind): Promise<void> {
  await withSeededBackend(kind, PROFESSIONALS, async (server) => {
    const count = DESCRIPTIONS.length * ROUNDS;
    const matching = await time(count, (i) => {
      const args = toMatchArgs(parseRequest(DESCRIPTIONS[i % DESCRIPTIONS.length]));
      return rpc(server.url, 'match_professionals', args);
    });
    const reference = await time(count, (i) => {
      const parsed = parseRequest(DESCRIPTIONS[i % DESCRIPTIONS.length]);
      const query = parsed.skills.join(' or ') || parsed.keywords.join(' ');
      return rpc(server.url, 'search_professionals', { p_query: query, p_page_size: 10 });
    });
    console.log(`${kind.padEnd(8)} ${PROFESSIONALS} professionals, ${count} descriptions`);
    console.log(`  match_professionals (parse + rank + explain): ${matching}`);
    console.log(`  reference search_professionals (same words):   ${reference}`);
  });
}

await onEachDatabase(bench);
