import { randomUUID } from 'node:crypto';
import { describeEachDb, mintUserToken } from '../support/test-server.ts';
import { client, fixtureMigrations, raw, serviceClient, unique } from '../support/rest-helpers.ts';

describeEachDb(
  'rest gateway: writes through supabase-js',
  ({ server }) => {
    test('insert single and bulk, return minimal and representation', async () => {
      const db = serviceClient(server());
      const tag = unique('ins');
      const minimal = await db.from('rt_authors').insert({ name: `${tag}-a` });
      expect(minimal.error).toBeNull();
      expect(minimal.status).toBe(201);
      expect(minimal.data).toBeNull();
      const bulk = await db
        .from('rt_authors')
        .insert([{ name: `${tag}-b`, email: `${tag}-b@x.test` }, { name: `${tag}-c` }])
        .select('name, email');
      expect(bulk.error).toBeNull();
      expect(bulk.data).toEqual([
        { name: `${tag}-b`, email: `${tag}-b@x.test` },
        { name: `${tag}-c`, email: null },
      ]);
      const single = await db
        .from('rt_authors')
        .insert({ name: `${tag}-d` })
        .select()
        .single();
      expect(single.data).toMatchObject({ name: `${tag}-d`, meta: {} });
    });

    test('missing=default keeps column defaults in bulk inserts', async () => {
      const db = serviceClient(server());
      const tag = unique('def');
      const { data: author } = await db
        .from('rt_authors')
        .insert({ name: tag })
        .select('id')
        .single();
      const { data, error } = await db
        .from('rt_posts')
        .insert(
          [
            { author_id: author!.id, title: `${tag} 1`, rating: 1 },
            { author_id: author!.id, title: `${tag} 2` },
          ],
          {
            defaultToNull: false,
          },
        )
        .select('title, rating, tags, published');
      expect(error).toBeNull();
      expect(data).toEqual([
        { title: `${tag} 1`, rating: 1, tags: [], published: false },
        { title: `${tag} 2`, rating: null, tags: [], published: false },
      ]);
    });

    test('upsert with on_conflict: merge-duplicates and ignore-duplicates', async () => {
      const db = serviceClient(server());
      const tag = unique('ups');
      await db.from('rt_authors').insert({ name: `${tag}-old`, email: `${tag}@x.test` });
      const merged = await db
        .from('rt_authors')
        .upsert({ name: `${tag}-new`, email: `${tag}@x.test` }, { onConflict: 'email' })
        .select('name');
      expect(merged.error).toBeNull();
      expect(merged.data).toEqual([{ name: `${tag}-new` }]);
      const ignored = await db
        .from('rt_authors')
        .upsert(
          { name: `${tag}-ignored`, email: `${tag}@x.test` },
          { onConflict: 'email', ignoreDuplicates: true },
        )
        .select('name');
      expect(ignored.data).toEqual([]);
      const { data } = await db.from('rt_authors').select('name').eq('email', `${tag}@x.test`);
      expect(data).toEqual([{ name: `${tag}-new` }]);
      const duplicate = await db.from('rt_authors').insert({ name: 'dup', email: `${tag}@x.test` });
      expect(duplicate.error?.code).toBe('23505');
      expect(duplicate.status).toBe(409);
    });

    test('update and delete with filters, counts and returned rows', async () => {
      const db = serviceClient(server());
      const tag = unique('upd');
      await db
        .from('rt_authors')
        .insert([{ name: `${tag}-1` }, { name: `${tag}-2` }, { name: `${tag}-3` }]);
      const updated = await db
        .from('rt_authors')
        .update({ meta: { touched: true } }, { count: 'exact' })
        .like('name', `${tag}-%`)
        .neq('name', `${tag}-3`)
        .select('name, meta');
      expect(updated.error).toBeNull();
      expect(updated.count).toBe(2);
      expect(updated.data!.every((row) => row.meta.touched === true)).toBe(true);
      const quiet = await db.from('rt_authors').update({ email: null }).eq('name', `${tag}-3`);
      expect(quiet.status).toBe(204);
      const deleted = await db
        .from('rt_authors')
        .delete({ count: 'exact' })
        .like('name', `${tag}-%`);
      expect(deleted.error).toBeNull();
      expect(deleted.count).toBe(3);
      const left = await db.from('rt_authors').select('id').like('name', `${tag}-%`);
      expect(left.data).toEqual([]);
    });

    test('Prefer tx=rollback and max-affected', async () => {
      const s = server();
      const tag = unique('tx');
      const rolledBack = await raw(s, '/rt_authors', {
        method: 'POST',
        headers: { Prefer: 'return=representation, tx=rollback' },
        body: JSON.stringify({ name: tag }),
      });
      expect(rolledBack.status).toBe(201);
      const { data } = await serviceClient(s).from('rt_authors').select('id').eq('name', tag);
      expect(data).toEqual([]);
      await serviceClient(s)
        .from('rt_authors')
        .insert([{ name: tag }, { name: tag }]);
      const limited = await raw(s, `/rt_authors?name=eq.${tag}`, {
        method: 'DELETE',
        headers: { Prefer: 'handling=strict, max-affected=1' },
      });
      expect(limited.status).toBe(400);
      expect(limited.body?.code).toBe('PGRST124');
      const still = await serviceClient(s).from('rt_authors').select('id').eq('name', tag);
      expect(still.data).toHaveLength(2);
    });

    // A plain write goes to the database as setup + statement in one round trip, committed with
    // the statement (backend/src/rest/execute.ts); these are the answers that must not change.
    test('a plain write runs as the caller under RLS, and a refused one leaves nothing', async () => {
      const s = server();
      const alice = randomUUID();
      const tag = unique('rls');
      const asAlice = client(s, mintUserToken(alice));
      const own = await asAlice
        .from('rt_notes')
        .insert({ content: `${tag}-own` })
        .select();
      expect(own.error).toBeNull();
      expect(own.status).toBe(201);
      expect(own.data).toEqual([
        expect.objectContaining({ user_id: alice, content: `${tag}-own` }),
      ]);
      const foreign = await asAlice
        .from('rt_notes')
        .insert({ user_id: randomUUID(), content: `${tag}-foreign` })
        .select();
      expect(foreign.error?.code).toBe('42501');
      expect(foreign.status).toBe(403);
      // The service role reads every row: nothing of Alice's role or claims outlived her calls.
      const stored = await serviceClient(s)
        .from('rt_notes')
        .select('user_id, content')
        .like('content', `${tag}-%`);
      expect(stored.data).toEqual([{ user_id: alice, content: `${tag}-own` }]);
    });

    test('repeated inserts each store their own values and columns', async () => {
      const db = serviceClient(server());
      const tag = unique('again');
      const insert = async (body: Record<string, unknown> | Record<string, unknown>[]) => {
        const result = await db.from('rt_authors').insert(body).select('name, email');
        expect(result.error).toBeNull();
        return result.data;
      };
      expect(await insert({ name: `${tag}-1` })).toEqual([{ name: `${tag}-1`, email: null }]);
      expect(await insert({ name: `${tag}-2`, email: 'e2@x.test' })).toEqual([
        { name: `${tag}-2`, email: 'e2@x.test' },
      ]);
      expect(await insert({ name: `${tag}-3` })).toEqual([{ name: `${tag}-3`, email: null }]);
      expect(await insert([{ name: `${tag}-4` }, { name: `${tag}-5` }])).toEqual([
        { name: `${tag}-4`, email: null },
        { name: `${tag}-5`, email: null },
      ]);
      expect(await insert({ email: 'e6@x.test', name: `${tag}-6` })).toEqual([
        { name: `${tag}-6`, email: 'e6@x.test' },
      ]);
      const unknown = await db
        .from('rt_authors')
        .insert({ name: `${tag}-7`, nope: 1 })
        .select('name');
      expect(unknown.error?.code).toBe('PGRST204');
      const stored = await db.from('rt_authors').select('name').like('name', `${tag}-%`);
      expect(stored.data).toHaveLength(6);
    });

    test('a singular insert of two rows is refused and rolled back', async () => {
      const s = server();
      const tag = unique('one');
      const refused = await raw(s, '/rt_authors', {
        method: 'POST',
        headers: {
          Accept: 'application/vnd.pgrst.object+json',
          Prefer: 'return=representation',
        },
        body: JSON.stringify([{ name: tag }, { name: tag }]),
      });
      expect(refused.status).toBe(406);
      expect(refused.body?.code).toBe('PGRST116');
      const { data } = await serviceClient(s).from('rt_authors').select('id').eq('name', tag);
      expect(data).toEqual([]);
    });
  },
  { extraMigrationsDir: fixtureMigrations },
);
