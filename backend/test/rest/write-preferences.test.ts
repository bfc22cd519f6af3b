import { describeEachDb, type TestServer } from '../support/test-server.ts';
import { fixtureMigrations, raw, serviceClient, unique } from '../support/rest-helpers.ts';

/**
 * Writes as PostgREST 12 answers them (its UpsertSpec, InsertSpec and DeleteSpec): upsert status
 * codes, Preference-Applied, counts on writes (Content-Range "*\/N") and max-affected.
 */
const post = (s: TestServer, path: string, prefer: string, body: unknown) =>
  raw(s, path, { method: 'POST', headers: { Prefer: prefer }, body: JSON.stringify(body) });

async function seedAuthors(s: TestServer, tag: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ name: `${tag}-${i}` }));
  const { data } = await serviceClient(s).from('rt_authors').insert(rows).select('id, name');
  return data as { id: number; name: string }[];
}

describeEachDb(
  'rest gateway: write preferences',
  ({ server }) => {
    test('merge-duplicates: 201 when a row is inserted, 200 when every row was updated', async () => {
      const s = server();
      const tag = unique('merge');
      const [a, b] = await seedAuthors(s, tag, 2);
      const prefer = 'return=representation, resolution=merge-duplicates, missing=default';
      const updated = await post(s, '/rt_authors?select=id,name', prefer, [
        { id: a.id, name: `${tag}-a2` },
        { id: b.id, name: `${tag}-b2` },
      ]);
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual([
        { id: a.id, name: `${tag}-a2` },
        { id: b.id, name: `${tag}-b2` },
      ]);
      expect(updated.headers.get('preference-applied')).toBe(
        'resolution=merge-duplicates, missing=default, return=representation',
      );
      const mixed = await post(s, '/rt_authors?select=name', prefer, [
        { id: a.id, name: `${tag}-a3` },
        { name: `${tag}-new` },
      ]);
      expect(mixed.status).toBe(201);
      expect(mixed.body).toEqual([{ name: `${tag}-a3` }, { name: `${tag}-new` }]);
      const empty = await post(s, '/rt_authors', prefer, []);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual([]);
    });

    test('ignore-duplicates: 201 with only the inserted rows, even when none was', async () => {
      const s = server();
      const tag = unique('ignore');
      const [a] = await seedAuthors(s, tag, 1);
      // Rows without an id take the identity default (missing=default), as in PostgREST's spec.
      const prefer = 'return=representation, resolution=ignore-duplicates, missing=default';
      const some = await post(s, '/rt_authors?select=name', prefer, [
        { id: a.id, name: `${tag}-ignored` },
        { name: `${tag}-added` },
      ]);
      expect(some.status).toBe(201);
      expect(some.body).toEqual([{ name: `${tag}-added` }]);
      const none = await post(s, '/rt_authors?select=name', prefer, [{ id: a.id, name: 'x' }]);
      expect(none.status).toBe(201);
      expect(none.body).toEqual([]);
      const { data } = await serviceClient(s).from('rt_authors').select('name').eq('id', a.id);
      expect(data).toEqual([{ name: `${tag}-0` }]);
    });

    test('upsert with on_conflict, columns and missing=default', async () => {
      const s = server();
      const tag = unique('oc');
      await serviceClient(s)
        .from('rt_authors')
        .insert({ name: `${tag}-old`, email: `${tag}@x.test`, meta: { kept: true } });
      const prefer = 'return=representation, resolution=merge-duplicates, missing=default';
      const result = await post(
        s,
        '/rt_authors?on_conflict=email&columns=name,email,meta&select=name,meta',
        prefer,
        [
          { name: `${tag}-new`, email: `${tag}@x.test` },
          { name: `${tag}-2`, email: `${tag}-2@x.test` },
        ],
      );
      expect(result.status).toBe(201);
      expect(result.headers.get('preference-applied')).toBe(
        'resolution=merge-duplicates, missing=default, return=representation',
      );
      // A missing column takes its default on insert, and on merge too (PostgREST sets it).
      expect(result.body).toEqual([
        { name: `${tag}-new`, meta: {} },
        { name: `${tag}-2`, meta: {} },
      ]);
    });

    test('on a table without a primary key the resolution is ignored', async () => {
      const s = server();
      const tag = unique('nopk');
      const result = await post(
        s,
        '/rt_no_pk',
        'return=representation, resolution=merge-duplicates',
        [{ a: tag, b: '0' }],
      );
      expect(result.status).toBe(201);
      expect(result.body).toEqual([{ a: tag, b: '0' }]);
      expect(result.headers.get('preference-applied')).toBe('return=representation');
    });

    test('count=exact on insert, update and delete answers Content-Range */N', async () => {
      const s = server();
      const tag = unique('count');
      const inserted = await post(
        s,
        '/rt_authors?select=name',
        'return=representation, count=exact',
        [{ name: `${tag}-1` }, { name: `${tag}-2` }],
      );
      expect(inserted.status).toBe(201);
      expect(inserted.headers.get('content-range')).toBe('*/2');
      const minimal = await post(s, '/rt_authors', 'count=exact', { name: `${tag}-3` });
      expect(minimal.status).toBe(201);
      expect(minimal.headers.get('content-range')).toBe('*/1');
      const patched = await raw(s, `/rt_authors?name=like.${tag}-*`, {
        method: 'PATCH',
        headers: { Prefer: 'count=exact' },
        body: JSON.stringify({ email: null }),
      });
      expect(patched.status).toBe(204);
      // An update gives the range of the rows it changed; inserts and deletes give none.
      expect(patched.headers.get('content-range')).toBe('0-2/3');
      const deleted = await raw(s, `/rt_authors?name=like.${tag}-*&select=name`, {
        method: 'DELETE',
        headers: { Prefer: 'return=representation, count=exact' },
      });
      expect(deleted.status).toBe(200);
      expect(deleted.headers.get('content-range')).toBe('*/3');
      expect(deleted.headers.get('preference-applied')).toBe('return=representation, count=exact');
    });

    test('max-affected with handling=strict refuses and rolls back; lenient ignores it', async () => {
      const s = server();
      const tag = unique('max');
      await seedAuthors(s, tag, 3);
      const patch = (prefer: string) =>
        raw(s, `/rt_authors?name=like.${tag}-*`, {
          method: 'PATCH',
          headers: { Prefer: prefer },
          body: JSON.stringify({ meta: { tag } }),
        });
      const refused = await patch('handling=strict, max-affected=2');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'PGRST124' });
      const { data } = await serviceClient(s)
        .from('rt_authors')
        .select('email')
        .like('name', `${tag}-%`);
      expect(data!.every((row) => row.email === null)).toBe(true);
      expect((await patch('handling=strict, max-affected=3')).status).toBe(204);
      expect((await patch('handling=lenient, max-affected=1')).status).toBe(204);
    });
  },
  { extraMigrationsDir: fixtureMigrations },
);
