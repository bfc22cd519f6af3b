import { kmBetween, parseRequest, regionOf, toMatchArgs } from '@promatch/shared/matching';
import { client } from '../support/rest-helpers.ts';
import { describeEachDb, type TestServer } from '../support/test-server.ts';

interface Match {
  id: string;
  title: string;
  location: string;
  skills: string[];
  categories: string[];
  hourly_rate_min: number;
  verified: boolean;
  score: number;
  matched_skills: string[];
  missing_skills: string[];
  reasons: string[];
  missing: string[];
  components: Record<string, number>;
}
interface Result {
  total: number;
  items: Match[];
}

const HEADLINE = 'Need a React Native developer in Leeds for a 3 month contract, about £450 a day';

async function match(server: TestServer, args: object): Promise<Result> {
  const { data, error } = await client(server).rpc('match_professionals', args);
  expect(error).toBeNull();
  return data as Result;
}

const matchText = (server: TestServer, text: string, limit = 10) =>
  match(server, toMatchArgs(parseRequest(text), limit));

describeEachDb(
  'match_professionals over seeded demo data (as anon)',
  ({ server }) => {
    test('the headline request: Yorkshire professionals only, ranked, each with reasons', async () => {
      const result = await matchText(server(), HEADLINE);
      expect(result.items.length).toBeGreaterThan(0);
      for (const item of result.items) {
        expect(regionOf(item.location)?.name).toBe('Yorkshire and the Humber');
        expect(item.reasons.length).toBeGreaterThan(0);
        expect(item.reasons.join(' ')).toMatch(/Based in /);
      }
      const scores = result.items.map((item) => item.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      // whoever lists React Native says so; whoever does not is told it is missing
      for (const item of result.items) {
        if (item.skills.includes('React Native')) {
          expect(item.reasons.join(' ')).toContain('React Native');
        } else {
          expect(item.missing).toContain('Does not list React Native.');
        }
      }
    });

    test('without the town the request widens to the whole UK and the list changes', async () => {
      const parsed = parseRequest(HEADLINE);
      const leeds = await match(server(), toMatchArgs(parsed));
      const anywhere = await match(
        server(),
        toMatchArgs({ ...parsed, location: { places: [], remote: false } }),
      );
      expect(anywhere.total).toBeGreaterThan(leeds.total);
      expect(anywhere.items.map((item) => item.id)).not.toEqual(leeds.items.map((i) => i.id));
      expect(anywhere.items[0].skills).toContain('React Native');
    });

    test('rate against the budget is explained in the unit the budget was given in', async () => {
      const result = await matchText(server(), 'Kubernetes DevOps engineer, £300 a day', 20);
      const over = result.items.find((item) => item.hourly_rate_min > 40 * 1.1);
      const within = result.items.find((item) => item.hourly_rate_min <= 40);
      expect(over?.missing.join(' ')).toMatch(/a day \(£\d+–£\d+ an hour\), above your budget/);
      if (within) expect(within.reasons.join(' ')).toMatch(/within your budget/);
    });

    test('"Manchester or remote" keeps remote-friendly people elsewhere, and says so', async () => {
      const result = await matchText(server(), 'Python developer, Manchester or remote', 30);
      expect(result.items.length).toBeGreaterThan(0);
      for (const item of result.items) {
        const reasons = item.reasons.join(' ');
        if (item.location !== 'Manchester' && regionOf(item.location)?.name !== 'North West') {
          const km = Math.round(kmBetween('Manchester', item.location) ?? NaN);
          expect(reasons).toContain(
            `Works remotely (based in ${item.location}, ${km} km from Manchester).`,
          );
        }
      }
    });

    test('a missing must-have costs rank and is named; verified-only holds', async () => {
      const result = await matchText(
        server(),
        'Java developer, must have Kafka, must be verified',
        20,
      );
      expect(result.items.every((item) => item.verified)).toBe(true);
      const withKafka = result.items.filter((item) => item.skills.includes('Kafka'));
      const without = result.items.filter((item) => !item.skills.includes('Kafka'));
      expect(withKafka.length).toBeGreaterThan(0);
      for (const item of without) {
        expect(item.missing).toContain('Does not list your must-have Kafka.');
        expect(item.score).toBeLessThan(withKafka[0].score);
      }
    });

    test('diversity: a broad request does not return ten copies of one job title', async () => {
      const result = await matchText(server(), 'developer');
      const titles = result.items.map((item) => item.title.replace(/^(Junior|Senior|Lead)\s+/, ''));
      expect(new Set(titles).size).toBeGreaterThanOrEqual(4);
    });

    test('a typo nothing else recognises still finds people (trigram fallback)', async () => {
      const result = await match(server(), { p_keywords: ['kotln'] });
      expect(result.items.some((item) => item.skills.includes('Kotlin'))).toBe(true);
    });

    test('weights live in one place and the blend is on a 0-100 scale', async () => {
      const { data } = await client(server()).rpc('match_weights');
      const weights = data as Record<string, number>;
      // 'location_named_town' takes the place of 'location' when a town is named, and 'context'
      // joins only when the request has context skills; the score divides by the weights present
      const blend = Object.entries(weights)
        .filter(([name]) => !name.endsWith('_penalty'))
        .filter(([name]) => name !== 'location_named_town' && name !== 'context')
        .reduce((sum, [, weight]) => sum + Number(weight), 0);
      expect(blend).toBeCloseTo(1, 5);
      const result = await matchText(server(), 'UX designer in London');
      for (const item of result.items) {
        expect(item.score).toBeGreaterThan(0);
        expect(item.score).toBeLessThanOrEqual(100);
      }
    });

    test('bad input gets a clear 400; the explanation helper is not callable directly', async () => {
      const tooMany = await client(server()).rpc('match_professionals', {
        p_skills: Array.from({ length: 21 }, (_, i) => `skill ${i}`),
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.error?.message).toBe('Too many skills or words in one request (20 at most).');
      // called straight through /rest/v1/rpc, not only through the capped edge function
      const towns = (n: number) => Array.from({ length: n }, (_, i) => `town ${i}`);
      for (const args of [{ p_towns: towns(51) }, { p_nearby: towns(201) }]) {
        const tooManyTowns = await client(server()).rpc('match_professionals', args);
        expect(tooManyTowns.status).toBe(400);
        expect(tooManyTowns.error?.message).toBe(
          'Too many towns in one request (50 named and 200 nearby at most).',
        );
      }
      for (const args of [{ p_categories: towns(21) }, { p_must_have: towns(21) }]) {
        const tooManyCategories = await client(server()).rpc('match_professionals', args);
        expect(tooManyCategories.status).toBe(400);
        expect(tooManyCategories.error?.message).toBe(
          'Too many categories or must-haves in one request (20 at most).',
        );
      }
      const atTheCaps = await client(server()).rpc('match_professionals', {
        p_skills: ['React'],
        p_towns: towns(50),
        p_nearby: towns(200),
      });
      expect(atTheCaps.error).toBeNull();
      const direct = await client(server()).rpc('match_explanation', {
        p_row: {},
        p_skills: [],
        p_must_have: [],
        p_towns: [],
        p_nearby: [],
        p_remote: false,
        p_budget_hourly: null,
        p_budget_unit: null,
        p_categories: [],
        p_start_soon: false,
        p_context: [],
        p_distance_km: null,
      });
      expect(direct.error).not.toBeNull();
      const distances = await client(server()).rpc('match_professionals', {
        p_skills: ['Linux'],
        p_distance_km: ['leeds', 3],
      });
      expect(distances.status).toBe(400);
      expect(distances.error?.message).toBe(
        'Distances must be an object of town names to kilometres (500 at most).',
      );
    });

    test('the main need ranks; a skill mentioned as context counts a little and is named as such', async () => {
      const text =
        'We need a penetration test on our web app before our ISO 27001 audit in March, OWASP top 10 in mind would be nice';
      const parsed = parseRequest(text);
      expect(parsed.skills).toEqual(['Penetration Testing']);
      expect(parsed.context).toEqual(expect.arrayContaining(['ISO 27001', 'OWASP']));
      const result = await matchText(server(), text);
      expect(result.items.length).toBeGreaterThan(0);
      for (const item of result.items.slice(0, 5)) {
        expect(item.skills).toContain('Penetration Testing');
        expect(item.reasons.join(' ')).toContain(
          'Has every skill your main need asks for: Penetration Testing.',
        );
      }
      const knowsOwasp = result.items.find((item) => item.skills.includes('OWASP'));
      expect(knowsOwasp?.reasons.join(' ')).toMatch(
        /Also knows OWASP(, ISO 27001)?, which you mentioned as context\./,
      );
      // context never reads as a gap
      for (const item of result.items) expect(item.missing.join(' ')).not.toContain('ISO 27001');
    });

    test('elsewhere in the region ranks by distance from the named town, and says how far', async () => {
      const result = await matchText(server(), 'Linux sysadmin based in Leeds', 30);
      const elsewhere = result.items.filter((item) => item.location !== 'Leeds');
      expect(elsewhere.length).toBeGreaterThan(0);
      for (const item of elsewhere) {
        const km = Math.round(kmBetween('Leeds', item.location) ?? NaN);
        expect(item.reasons.join(' ')).toContain(
          `Based in ${item.location}, ${km} km from Leeds, in the same region.`,
        );
        // the further away, the less place counts
        expect(item.components.location).toBeCloseTo(Math.max(0.1, 0.7 - 0.004 * km), 3);
      }
      const inLeeds = result.items.filter((item) => item.location === 'Leeds');
      for (const item of inLeeds) expect(item.components.location).toBe(1);
    });
  },
  { env: { SEED_DEMO_PROFESSIONALS: '800' } },
);
