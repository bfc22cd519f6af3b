/**
 * Whether a change to match_professionals changes what it returns, on a kept benchmark database:
 * calls it (as the database owner, one request at a time) for the lexicon's labelled set, the
 * held-out and development descriptions and a few broad requests, and writes each answer and its
 * time to a file; a second call with two files compares them.
 *   node_modules/.bin/tsx bench/match-compare.ts dump <database> <file>
 *   node_modules/.bin/tsx bench/match-compare.ts compare <before file> <after file>
 * and the held-out quality (category precision@5, skills recall@10, nDCG@10, town fit@5) of the
 * function as it is in a kept database of N seeded professionals:
 *   node_modules/.bin/tsx bench/match-compare.ts quality <database> <N>
 * Used for decision 0227 on promatch_bench_100k (docs/benchmarks/matching.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { parseRequest, toMatchArgs } from '@promatch/shared/matching';
import { EVAL_SET } from '../backend/test/matching/evaluate.ts';
import {
  descriptionsOf,
  evaluateGeneralisation,
  type MatchCall,
} from '../backend/test/matching/generalisation/score.ts';

interface Answer {
  text: string;
  ms: number;
  total: number;
  items: unknown[];
}

const TEXTS = [
  ...EVAL_SET.map((item) => item.text),
  ...descriptionsOf('held-out').map((item) => item.text),
  ...descriptionsOf('development').map((item) => item.text),
  'DevOps engineer to set up CI/CD with GitHub Actions and Docker',
  'React developer',
  'Python and AWS, remote is fine',
  'Kubernetes, Terraform and AWS, senior',
  'TypeScript and React, budget £60 an hour',
];

async function connect(database: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:5432/${database}`,
  });
  await client.connect();
  return client;
}

async function callMatch(client: pg.Client, args: Record<string, unknown>) {
  const names = Object.keys(args);
  const sql = `select public.match_professionals(${names
    .map((name, i) => `${name} => $${i + 1}`)
    .join(', ')}) as r`;
  const { rows } = await client.query<{ r: { total: number; items: unknown[] } }>(
    sql,
    names.map((name) => args[name]),
  );
  return rows[0].r;
}

async function dump(database: string, file: string): Promise<void> {
  const client = await connect(database);
  const answers: Answer[] = [];
  for (const text of TEXTS) {
    const args = toMatchArgs(parseRequest(text)) as unknown as Record<string, unknown>;
    const t0 = performance.now();
    const answer = await callMatch(client, args);
    answers.push({ text, ms: performance.now() - t0, ...answer });
  }
  await client.end();
  writeFileSync(file, JSON.stringify(answers));
  console.log(`${answers.length} descriptions written to ${file}`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function compare(beforeFile: string, afterFile: string): void {
  const before = JSON.parse(readFileSync(beforeFile, 'utf8')) as Answer[];
  const after = JSON.parse(readFileSync(afterFile, 'utf8')) as Answer[];
  let identical = 0;
  let totals = 0;
  before.forEach((b, i) => {
    const a = after[i];
    if (JSON.stringify(b.items) === JSON.stringify(a.items)) identical += 1;
    else console.log(`items differ: ${b.text}`);
    if (b.total !== a.total) totals += 1;
  });
  const ms = (answers: Answer[]) => answers.map((answer) => answer.ms);
  console.log(`${identical} of ${before.length} identical items; ${totals} totals differ`);
  for (const [name, answers] of [
    ['before', before],
    ['after', after],
  ] as const)
    console.log(
      `${name}: p50 ${percentile(ms(answers), 50).toFixed(1)} ms, p95 ${percentile(ms(answers), 95).toFixed(1)} ms`,
    );
  // where the tail is: the slowest after the change, with their time before
  const slowest = after
    .map((answer, i) => ({ answer, before: before[i].ms }))
    .sort((x, y) => y.answer.ms - x.answer.ms)
    .slice(0, 20);
  for (const { answer, before: was } of slowest)
    console.log(`${answer.ms.toFixed(0)} ms (was ${was.toFixed(0)}): ${answer.text.slice(0, 90)}`);
}

async function quality(database: string, professionals: number): Promise<void> {
  const client = await connect(database);
  const call = ((args) =>
    callMatch(client, args as unknown as Record<string, unknown>)) as MatchCall;
  const report = await evaluateGeneralisation(call, descriptionsOf('held-out'), professionals);
  await client.end();
  console.log(
    `${database}, ${professionals} professionals, held-out (${report.cases}): ` +
      `category precision@5 ${report.categoryPrecisionAt5.toFixed(3)}, ` +
      `skills recall@10 ${report.skillsRecallAt10.toFixed(3)}, nDCG@10 ${report.ndcgAt10.toFixed(3)}, ` +
      `town fit@5 ${report.townFitAt5.toFixed(3)} (${report.townCases} with a town)`,
  );
}

const [command, first, second] = process.argv.slice(2);
if (command === 'dump' && first && second) await dump(first, second);
else if (command === 'compare' && first && second) compare(first, second);
else if (command === 'quality' && first && second) await quality(first, Number(second));
else
  console.log(
    'usage: match-compare.ts dump <database> <file> | compare <before> <after> | quality <database> <professionals>',
  );
