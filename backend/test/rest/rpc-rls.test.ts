import { randomUUID } from 'node:crypto';
import { signHs256, describeEachDb } from '../support/test-server.ts';
import { client, fixtureMigrations, serviceClient, unique } from '../support/rest-helpers.ts';

describeEachDb(
  'rest gateway: rpc, roles and row-level security',
  ({ server }) => {
    test('rpc by POST and GET, set-returning with filters, arrays, void and raise', async () => {
      const db = serviceClient(server());
      expect((await db.rpc('rt_add', { a: 2, b: 3 })).data).toBe(5);
      expect((await db.rpc('rt_add', { a: 2, b: 3 }, { get: true })).data).toBe(5);
      expect((await db.rpc('rt_sum_array', { nums: [1, 2, 3] })).data).toBe(6);
      const tag = unique('rpc');
      const { data: author } = await db
        .from('rt_authors')
        .insert({ name: tag })
        .select('id')
        .single();
      await db.from('rt_posts').insert([
        { author_id: author!.id, title: `${tag} a`, rating: 7 },
        { author_id: author!.id, title: `${tag} b`, rating: 8 },
      ]);
      const rows = await db
        .rpc('rt_posts_by_rating', { min_rating: 7 })
        .select('title')
        .like('title', `${tag}%`)
        .order('rating', { ascending: false });
      expect(rows.error).toBeNull();
      expect(rows.data).toEqual([{ title: `${tag} b` }, { title: `${tag} a` }]);
      const voided = await db.rpc('rt_touch', { label: `${tag}-touched` });
      expect(voided.error).toBeNull();
      expect(
        (await db.from('rt_authors').select('id').eq('name', `${tag}-touched`)).data,
      ).toHaveLength(1);
      const failed = await db.rpc('rt_fail');
      expect(failed.error).toMatchObject({
        code: 'P0001',
        message: 'custom failure',
        hint: 'fixture',
      });
      expect(failed.status).toBe(400);
      const missing = await db.rpc('rt_add', { x: 1 });
      expect(missing.error?.code).toBe('PGRST202');
      expect(missing.status).toBe(404);
      const readOnly = await db.rpc('rt_touch', { label: 'nope' }, { get: true });
      expect(readOnly.error?.code).toBe('25006');
      expect(readOnly.status).toBe(405);
    });

    test('request.jwt.claims and role reach SQL', async () => {
      const s = server();
      const userId = randomUUID();
      const asUser = await client(s, s.mintUserToken(userId)).rpc('rt_whoami');
      expect(asUser.data).toEqual({ role: 'authenticated', uid: userId });
      const asAnon = await client(s).rpc('rt_whoami');
      expect(asAnon.data).toEqual({ role: 'anon', uid: null });
    });

    test('RLS: owners see and change only their rows; anon sees nothing', async () => {
      const s = server();
      const [alice, bob] = [randomUUID(), randomUUID()];
      const asAlice = client(s, s.mintUserToken(alice));
      const asBob = client(s, s.mintUserToken(bob));
      expect(
        (await asAlice.from('rt_notes').insert([{ content: 'a1' }, { content: 'a2' }])).error,
      ).toBeNull();
      expect((await asBob.from('rt_notes').insert({ content: 'b1' })).error).toBeNull();
      expect((await asAlice.from('rt_notes').select('content').order('content')).data).toEqual([
        { content: 'a1' },
        { content: 'a2' },
      ]);
      expect((await asBob.from('rt_notes').select('content, user_id')).data).toEqual([
        { content: 'b1', user_id: bob },
      ]);
      expect((await client(s).from('rt_notes').select('id')).data).toEqual([]);
      const anonInsert = await client(s).from('rt_notes').insert({ content: 'x', user_id: alice });
      expect(anonInsert.error?.code).toBe('42501');
      expect(anonInsert.status).toBe(401);
      const forged = await asBob.from('rt_notes').insert({ content: 'x', user_id: alice });
      expect(forged.error?.code).toBe('42501');
      expect(forged.status).toBe(403);
      const crossUpdate = await asBob
        .from('rt_notes')
        .update({ content: 'hacked' }, { count: 'exact' })
        .eq('user_id', alice);
      expect(crossUpdate.count).toBe(0);
      expect(
        (
          await serviceClient(s)
            .from('rt_notes')
            .select('id', { count: 'exact', head: true })
            .in('user_id', [alice, bob])
        ).count,
      ).toBe(3);
    });

    test('expired and forged JWTs get 401 PGRST301', async () => {
      const s = server();
      const expired = signHs256({
        sub: randomUUID(),
        role: 'authenticated',
        exp: Math.floor(Date.now() / 1000) - 60,
      });
      const result = await client(s, expired).from('rt_authors').select('id').limit(1);
      expect(result.status).toBe(401);
      expect(result.error?.code).toBe('PGRST301');
      const forged = signHs256(
        { sub: randomUUID(), role: 'service_role' },
        'not-the-secret-not-the-secret-not-the',
      );
      expect((await client(s, forged).from('rt_authors').select('id')).status).toBe(401);
      const strangeRole = s.mintUserToken(randomUUID(), { role: 'postgres' });
      expect((await client(s, strangeRole).from('rt_authors').select('id')).status).toBe(401);
    });
  },
  { extraMigrationsDir: fixtureMigrations },
);
