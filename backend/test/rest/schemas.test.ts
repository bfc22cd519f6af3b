import { describeEachDb } from '../support/test-server.ts';
import { fixtureMigrations, raw, serviceClient, unique } from '../support/rest-helpers.ts';

/**
 * Exposed schemas as PostgREST's db-schemas (PGRST_DB_SCHEMAS): the first is the default, others
 * are chosen with Accept-Profile (GET, HEAD) or Content-Profile (other methods), which is what
 * supabase-js's `.schema()` sends; anything else is refused with 406 PGRST106.
 */
describeEachDb(
  'rest gateway: exposed schemas',
  ({ server }) => {
    test('reads and writes switch schema with .schema(); the default stays public', async () => {
      const s = server();
      const tag = unique('schema');
      const db = serviceClient(s);
      const { data: author } = await db
        .from('rt_authors')
        .insert({ name: tag })
        .select('id')
        .single();
      const inserted = await db
        .schema('rt_api')
        .from('rt_authors')
        .insert({ name: `${tag}-api`, public_author_id: author!.id })
        .select('name');
      expect(inserted.error).toBeNull();
      expect(inserted.data).toEqual([{ name: `${tag}-api` }]);
      const apiRows = await db
        .schema('rt_api')
        .from('rt_authors')
        .select('name')
        .like('name', `${tag}%`);
      expect(apiRows.data).toEqual([{ name: `${tag}-api` }]);
      const publicRows = await db.from('rt_authors').select('name').like('name', `${tag}%`);
      expect(publicRows.data).toEqual([{ name: tag }]);
      // Embedding across schemas follows the foreign key.
      const embedded = await db
        .schema('rt_api')
        .from('rt_authors')
        .select('name, rt_authors(name)')
        .eq('public_author_id', author!.id);
      expect(embedded.error).toBeNull();
      expect(embedded.data).toEqual([{ name: `${tag}-api`, rt_authors: { name: tag } }]);
    });

    test('rpc resolves in the chosen schema', async () => {
      const db = serviceClient(server());
      expect((await db.rpc('rt_add', { a: 1, b: 2 })).data).toBe(3);
      expect((await db.schema('rt_api').rpc('rt_add', { a: 1, b: 2 })).data).toBe(1003);
      const viaGet = await db.schema('rt_api').rpc('rt_add', { a: 1, b: 2 }, { get: true });
      expect(viaGet.data).toBe(1003);
    });

    test('responses name the schema; one not exposed is refused with PGRST106', async () => {
      const s = server();
      const plain = await raw(s, '/rt_authors?limit=1');
      expect(plain.headers.get('content-profile')).toBe('public');
      const other = await raw(s, '/rt_authors?limit=1', {
        headers: { 'Accept-Profile': 'rt_api' },
      });
      expect(other.status).toBe(200);
      expect(other.headers.get('content-profile')).toBe('rt_api');
      const refused = await raw(s, '/rt_authors', { headers: { 'Accept-Profile': 'auth' } });
      expect(refused.status).toBe(406);
      expect(refused.body).toMatchObject({
        code: 'PGRST106',
        message: 'The schema must be one of the following: public, rt_api',
      });
      const write = await raw(s, '/rt_authors', {
        method: 'POST',
        headers: { 'Content-Profile': 'storage' },
        body: JSON.stringify({ name: 'x' }),
      });
      expect(write.status).toBe(406);
    });
  },
  { extraMigrationsDir: fixtureMigrations, env: { PGRST_DB_SCHEMAS: 'public, rt_api' } },
);
