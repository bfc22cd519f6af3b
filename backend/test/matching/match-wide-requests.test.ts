import pg from 'pg';
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
 * budget, seniority and remote requests included: at a million professionals scoring everyone
 * takes seconds. A request with a place is wide when its skills have more postings in the place
 * (and among remote workers, when it allows remote work) than match_place_wide_holders() (2,000),
 * and then ranks the K best of each skill there by prior plus the place's share of the score.
 * Here both thresholds are switched from their defaults to 1 on the same 300 seeded
 * professionals, so every request below takes that path, and the answers are compared with the
 * full retrieval's.
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
  'A React developer in Leeds',
  'Python developer in Manchester, remote is fine',
  'A designer in Bristol who knows Figma',
];
const PLACE_REQUESTS = REQUESTS.filter(
  (text) => toMatchArgs(parseRequest(text), 10).p_towns.length > 0,
);

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
  const setThresholds = (holders: number, placeHolders: number) =>
    adminQuery(
      `create or replace function public.match_wide_holders() returns integer language sql
         immutable set search_path = '' as $$ select ${holders} $$;
       create or replace function public.match_place_wide_holders() returns integer language sql
         immutable set search_path = '' as $$ select ${placeHolders} $$`,
      server.databaseUrl,
    );

  test('the top ten stay the full retrieval’s, give or take the last places', async () => {
    const full = await answers();
    await setThresholds(1, 1);
    try {
      const bounded = await answers();
      bounded.forEach((answer, i) => {
        const before = full[i].items.map((item) => item.id);
        const after = answer.items.map((item) => item.id);
        expect(after).toHaveLength(before.length);
        // the best match is the same, and at least eight of the ten are (all of fewer)
        expect(after[0]).toBe(before[0]);
        expect(after.filter((id) => before.includes(id)).length).toBeGreaterThanOrEqual(
          Math.min(8, before.length),
        );
      });
      // the bounded path counts the skills' holders, not those matched by text alone (decision
      // 0227): totals that changed show the path was taken
      expect(bounded.some((answer, i) => answer.total !== full[i].total)).toBe(true);
      // and so did those with a place: they rank at most K per skill, not the whole place
      const placeTotals = REQUESTS.map((text, i) => ({ text, i })).filter(({ text }) =>
        PLACE_REQUESTS.includes(text),
      );
      expect(placeTotals.length).toBeGreaterThanOrEqual(3);
      expect(placeTotals.some(({ i }) => bounded[i].total !== full[i].total)).toBe(true);
    } finally {
      await setThresholds(2000, 2000);
    }
  });

  test('a professional who moves is matched in their new town, and no longer in the old one', async () => {
    const request = 'A React developer in Truro';
    const ids = async () => {
      const { data, error } = await client(server).rpc(
        'match_professionals',
        toMatchArgs(parseRequest(request), 50),
      );
      expect(error).toBeNull();
      return (data as Result).items.map((item) => item.id);
    };
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string; location: string }>(
        `select id, location from public.profiles
         where account_type = 'professional' and 'React' = any(skills)
           and location not ilike 'truro%' and not works_remotely
         order by rating desc, id limit 1`,
      );
      const [mover] = rows;
      expect(mover).toBeDefined();
      expect(await ids()).not.toContain(mover.id);
      // both ways a request with a place is answered: everyone in the place, and the K best
      for (const placeHolders of [2000, 1]) {
        await setThresholds(2000, placeHolders);
        await db.query(`update public.profiles set location = 'Truro, Cornwall' where id = $1`, [
          mover.id,
        ]);
        expect(await ids()).toContain(mover.id);
        await db.query(`update public.profiles set location = $2 where id = $1`, [
          mover.id,
          mover.location,
        ]);
        expect(await ids()).not.toContain(mover.id);
      }
    } finally {
      await db.end();
      await setThresholds(2000, 2000);
    }
  });
});
