import { describeEachDb, type TestServer } from '../support/test-server.ts';
import { fixtureMigrations, serviceClient, unique } from '../support/rest-helpers.ts';

/**
 * Response media types and counts as PostgREST documents them: text/csv, nulls=stripped on the
 * object and array media types, and count=planned / count=estimated.
 */
async function get(s: TestServer, pathAndQuery: string, headers: Record<string, string>) {
  const response = await fetch(`${s.url}/rest/v1${pathAndQuery}`, {
    headers: { apikey: s.serviceRoleKey, authorization: `Bearer ${s.serviceRoleKey}`, ...headers },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function seed(s: TestServer, tag: string) {
  await serviceClient(s)
    .from('rt_authors')
    .insert([
      { name: `${tag} one`, email: `${tag}-1@x.test` },
      { name: `${tag}, "two"`, email: null },
    ]);
}

describeEachDb(
  'rest gateway: output formats and counts',
  ({ server }) => {
    test('text/csv: a header row, then one line per row; nulls are empty', async () => {
      const s = server();
      const tag = unique('csv');
      await seed(s, tag);
      const result = await get(s, `/rt_authors?select=name,email&name=like.${tag}*&order=id`, {
        accept: 'text/csv',
      });
      expect(result.status).toBe(200);
      expect(result.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(result.text).toBe(`name,email\n"${tag} one",${tag}-1@x.test\n"${tag}, ""two""",`);
      const viaClient = await serviceClient(s)
        .from('rt_authors')
        .select('name')
        .like('name', `${tag}*`)
        .order('id')
        .csv();
      expect(viaClient.data).toBe(`name\n"${tag} one"\n"${tag}, ""two"""`);
    });

    test('one URL asked with different Accept and Prefer, interleaved: each answered as its headers say', async () => {
      const s = server();
      const tag = unique('variants');
      await seed(s, tag);
      const url = `/rt_authors?select=name&name=like.${tag}*&order=id`;
      const asked = [
        {
          accept: 'text/csv',
          expect: (r: Awaited<ReturnType<typeof get>>) => r.text.startsWith('name\n'),
        },
        {
          accept: 'application/json',
          expect: (r: Awaited<ReturnType<typeof get>>) => JSON.parse(r.text).length === 2,
        },
        {
          accept: 'application/json',
          prefer: 'count=exact',
          expect: (r: Awaited<ReturnType<typeof get>>) =>
            r.headers.get('content-range') === '0-1/2',
        },
        {
          accept: 'application/vnd.pgrst.object+json',
          expect: (r: Awaited<ReturnType<typeof get>>) => r.status === 406,
        },
      ];
      // Twice round, so the second round is answered from what the first memoised.
      for (let round = 0; round < 2; round += 1) {
        for (const { accept, prefer, expect: holds } of asked) {
          const headers: Record<string, string> = { accept };
          if (prefer) headers.prefer = prefer;
          const result = await get(s, url, headers);
          expect({ accept, prefer, round, ok: holds(result) }).toEqual({
            accept,
            prefer,
            round,
            ok: true,
          });
        }
      }
    });

    test('nulls=stripped leaves out null-valued keys, for one object or an array', async () => {
      const s = server();
      const tag = unique('strip');
      await seed(s, tag);
      const list = await get(s, `/rt_authors?select=name,email&name=like.${tag}*&order=id`, {
        accept: 'application/vnd.pgrst.array+json;nulls=stripped',
      });
      expect(list.status).toBe(200);
      expect(list.headers.get('content-type')).toMatch(/^application\/vnd\.pgrst\.array\+json/);
      expect(JSON.parse(list.text)).toEqual([
        { name: `${tag} one`, email: `${tag}-1@x.test` },
        { name: `${tag}, "two"` },
      ]);
      const one = await get(s, `/rt_authors?select=name,email&email=is.null&name=like.${tag}*`, {
        accept: 'application/vnd.pgrst.object+json;nulls=stripped',
      });
      expect(one.status).toBe(200);
      expect(JSON.parse(one.text)).toEqual({ name: `${tag}, "two"` });
    });

    test('an Accept the gateway cannot produce is refused with 406 PGRST107', async () => {
      const result = await get(server(), '/rt_authors', { accept: 'application/xml' });
      expect(result.status).toBe(406);
      expect(JSON.parse(result.text)).toMatchObject({ code: 'PGRST107' });
    });

    test('the EXPLAIN media type is off, as on hosted Supabase (db-plan-enabled false)', async () => {
      const result = await get(server(), '/rt_authors', {
        accept: 'application/vnd.pgrst.plan+json',
      });
      expect(result.status).toBe(406);
      expect(JSON.parse(result.text)).toMatchObject({ code: 'PGRST107' });
    });

    // PostGIS is in neither PGlite nor Debian's PostgreSQL here, so no column can be a geometry:
    // like PostgREST without PostGIS, the gateway does not offer GeoJSON.
    test('GeoJSON (application/geo+json) is refused with 406 PGRST107 without PostGIS', async () => {
      const result = await get(server(), '/rt_authors', { accept: 'application/geo+json' });
      expect(result.status).toBe(406);
      expect(JSON.parse(result.text)).toMatchObject({ code: 'PGRST107' });
    });

    test('count=planned reports the planner estimate; count=estimated is exact when small', async () => {
      const s = server();
      const tag = unique('planned');
      await serviceClient(s)
        .from('rt_authors')
        .insert(Array.from({ length: 12 }, (_, i) => ({ name: `${tag}-${i}` })));
      const planned = await serviceClient(s)
        .from('rt_authors')
        .select('name', { count: 'planned' })
        .like('name', `${tag}-*`)
        .limit(5);
      expect(planned.error).toBeNull();
      expect(planned.data).toHaveLength(5);
      expect(Number.isInteger(planned.count)).toBe(true);
      expect(planned.count).toBeGreaterThanOrEqual(0);
      const estimated = await serviceClient(s)
        .from('rt_authors')
        .select('name', { count: 'estimated', head: true })
        .like('name', `${tag}-*`);
      expect(estimated.count).toBe(12);
    });
  },
  { extraMigrationsDir: fixtureMigrations },
);
