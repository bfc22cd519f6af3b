import { describeEachDb } from '../support/test-server.ts';
import { raw, suiteFixture } from '../support/rest-helpers.ts';

/**
 * The gateway's PostgREST settings switched away from their defaults:
 * - PGRST_DB_PLAN_ENABLED=true (db-plan-enabled): `Accept: application/vnd.pgrst.plan` answers
 *   the query's EXPLAIN, text or JSON, with PostgREST's options; a plan never writes, even with
 *   `analyze` on an insert;
 * - PGRST_VERSION=12: PostgREST 12's behaviour where it differs from 13 (a spread over a to-many
 *   relation is refused with PGRST119; to-one spreads work in both).
 */
const fixture = suiteFixture(
  'rest_settings',
  `
create table public.st_people (id int primary key, name text not null);
create table public.st_notes (
  id int primary key,
  person int not null references public.st_people (id),
  body text not null
);
insert into public.st_people values (1, 'Ada');
insert into public.st_notes values (1, 1, 'first'), (2, 1, 'second');
`,
);

const plan = (format: 'json' | 'text', options = '') => ({
  headers: {
    Accept: `application/vnd.pgrst.plan+${format}; for="application/json"; options=${options};`,
  },
});

describeEachDb(
  'rest gateway: execution plans and the declared PostgREST version',
  ({ server }) => {
    test('a text plan is the statement as PostgreSQL explains it', async () => {
      const response = await fetch(`${server().url}/rest/v1/st_people?select=name`, {
        headers: { apikey: server().serviceRoleKey, ...plan('text').headers },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
      );
      expect(await response.text()).toMatch(/^Aggregate {2}\(cost=/);
    });

    test('a JSON plan with options carries what those options add', async () => {
      const answer = await raw(
        server(),
        '/st_people?select=name',
        plan('json', 'verbose|settings'),
      );
      expect(answer.status).toBe(200);
      const [document] = answer.body as unknown as Record<string, unknown>[];
      expect(document).toHaveProperty('Plan.Node Type', 'Aggregate');
      expect(document).toHaveProperty('Plan.Output');
      expect(typeof document?.['Query Identifier']).toBe('number');
    });

    test('an analysed insert is run for its timings and then rolled back', async () => {
      const answer = await raw(server(), '/st_people', {
        method: 'POST',
        body: JSON.stringify({ id: 2, name: 'Grace' }),
        ...plan('json', 'analyze'),
      });
      expect(answer.status).toBe(200);
      const [document] = answer.body as unknown as Record<string, unknown>[];
      expect(document).toHaveProperty('Execution Time');
      const people = await raw(server(), '/st_people?select=id&order=id');
      expect(people.body).toEqual([{ id: 1 }]);
    });

    test('an unknown plan option or a plan of GeoJSON is not a media type it serves', async () => {
      const answer = await raw(server(), '/st_people', plan('json', 'costs'));
      expect(answer.status).toBe(406);
      expect(answer.body).toMatchObject({ code: 'PGRST107' });
    });

    test('declared as PostgREST 12, a to-many spread is refused and a to-one spread works', async () => {
      const many = await raw(server(), '/st_people?select=name,...st_notes(body)');
      expect(many.status).toBe(400);
      expect(many.body).toEqual({
        code: 'PGRST119',
        details: "'st_people' and 'st_notes' do not form a many-to-one or one-to-one relationship",
        hint: null,
        message: "A spread operation on 'st_notes' is not possible",
      });
      const one = await raw(server(), '/st_notes?select=body,...st_people(name)&order=id');
      expect(one.body).toEqual([
        { body: 'first', name: 'Ada' },
        { body: 'second', name: 'Ada' },
      ]);
    });
  },
  { extraMigrationsDir: fixture, env: { PGRST_DB_PLAN_ENABLED: 'true', PGRST_VERSION: '12' } },
);
