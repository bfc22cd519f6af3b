import { client } from '../support/rest-helpers.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { evaluate, type EvalReport } from './evaluate.ts';

/**
 * Regression guard for matching quality: the labelled evaluation set against 1,500 seeded
 * professionals on PGlite (a smaller, deterministic stand-in for the 10,000 of
 * bench/matching-eval.ts, so `npm test` stays fast). The floors are the figures measured on this
 * seed (docs/benchmarks.md) less a small tolerance; a change that makes matching worse fails here.
 */
const FLOORS = { categoryPrecisionAt5: 0.93, skillsRecallAt10: 0.95, ndcgAt10: 0.93 };

let server: TestServer;
let report: EvalReport;

beforeAll(async () => {
  server = await startTestServer({ db: 'pglite', env: { SEED_DEMO_PROFESSIONALS: '1500' } });
  const anon = client(server);
  report = await evaluate(async (args) => {
    const { data, error } = await anon.rpc('match_professionals', args);
    if (error) throw new Error(error.message);
    return data;
  });
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

test('the evaluation set has at least 150 labelled descriptions', () => {
  expect(report.cases).toBeGreaterThanOrEqual(150);
});

test.each(Object.entries(FLOORS))('%s stays at or above %s', (metric, floor) => {
  expect(report[metric as keyof typeof FLOORS]).toBeGreaterThanOrEqual(floor);
});
