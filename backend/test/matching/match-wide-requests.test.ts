import { parseRequest, toMatchArgs } from '@promatch/shared/matching';
import { client } from '../support/rest-helpers.ts';
import {
  adminQuery,
  postgresAvailable,
  startTestServer,
  type TestServer,
} from '../support/test-server.ts';

interface Result {
  total: number;
  items: { id: string; matched_skills: string[]; categories: string[] }[];
}

/**
 * A request whose skills more professionals list than match_wide_holders() (20,000) is ranked
 * from the K best-prior holders of each skill, without the proof that the shortlist is complete,
 * budget, seniority, remote and place requests included (in each town, and among remote workers,
 * the K best-prior holders): at a million professionals scoring everyone takes seconds. Here the
 * threshold is switched from its default to 1 on the same 300 seeded professionals, so every
 * request below takes that path, and the answers are compared with the full retrieval's.
 */
const REQUESTS = [
  'React developer',
  'TypeScript and React, budget £60 an hour',
  'Kubernetes, Terraform and AWS, senior',
  'Python and AWS, remote is fine',
  'DevOps engineer to set up CI/CD with GitHub Actions and Docker',
  'A senior data scientist with Python and machine learning for a churn model, up to £80 an hour',
  'Figma designer for our mobile app, junior is fine',
  'AWS architect to design the hosting for a new SaaS product. London.',
  'k8s and terraform platform engineer, Manchester or remote, £500/day',
];

const title = 'match_professionals: wide requests ranked from bounded candidates';
describe(`${title} [pglite]`, () => {
  test.skip('switching the threshold needs SQL on the database, so this runs on PostgreSQL', () => {});
});

const reason = postgresAvailable() ? undefined : 'nothing answers on 127.0.0.1:5432';
if (reason) console.log(`[test] SKIPPED "${title}" on postgres: ${reason}`);

(reason ? describe.skip : describe)(`${title} [postgres]`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { SEED_DEMO_PROFESSIONALS: '300' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  const answers = async () => {
    const results: Result[] = [];
    for (const text of REQUESTS) {
      const { data, error } = await client(server).rpc(
        'match_professionals',
        toMatchArgs(parseRequest(text), 10),
      );
      expect(error).toBeNull();
      results.push(data as Result);
    }
    return results;
  };
  const setThreshold = (holders: number) =>
    adminQuery(
      `create or replace function public.match_wide_holders() returns integer language sql
         immutable set search_path = '' as $$ select ${holders} $$`,
      server.databaseUrl,
    );

  test('the top ten stay the full retrieval’s, give or take the last places', async () => {
    const full = await answers();
    await setThreshold(1);
    try {
      const bounded = await answers();
      bounded.forEach((answer, i) => {
        const before = full[i].items.map((item) => item.id);
        const after = answer.items.map((item) => item.id);
        expect(after).toHaveLength(before.length);
        // the best match is the same, and at least eight of the ten are
        expect(after[0]).toBe(before[0]);
        expect(after.filter((id) => before.includes(id)).length).toBeGreaterThanOrEqual(8);
      });
      // the bounded path counts the skills' holders, not those matched by text alone (decision
      // 0227): totals that changed show the path was taken
      expect(bounded.some((answer, i) => answer.total !== full[i].total)).toBe(true);
    } finally {
      await setThreshold(20000);
    }
  });
});
