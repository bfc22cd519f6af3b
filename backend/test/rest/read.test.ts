import { describeEachDb } from '../support/test-server.ts';
import { fixtureMigrations, serviceClient, unique } from '../support/rest-helpers.ts';

describeEachDb(
  'rest gateway: reads through supabase-js',
  ({ server }) => {
    let tag: string;
    let authorIds: number[];

    beforeAll(async () => {
      const db = serviceClient(server());
      tag = unique('read');
      const { data: authors, error } = await db
        .from('rt_authors')
        .insert([
          { name: `${tag}-ann`, meta: { city: 'Leeds', tags: ['x'] } },
          { name: `${tag}-bob`, meta: { city: 'York' } },
        ])
        .select('id');
      expect(error).toBeNull();
      authorIds = authors!.map((a) => a.id as number);
      const [ann, bob] = authorIds;
      const { error: postError } = await db.from('rt_posts').insert([
        {
          author_id: ann,
          editor_id: null,
          title: `${tag} quick brown fox`,
          body: 'jumps',
          tags: ['a', 'b'],
          rating: 5,
          published: true,
        },
        {
          author_id: ann,
          editor_id: bob,
          title: `${tag} lazy dog`,
          body: 'sleeps',
          tags: ['b'],
          rating: 2,
          published: false,
        },
        {
          author_id: bob,
          editor_id: null,
          title: `${tag} unrated cat`,
          body: null,
          tags: [],
          rating: null,
          published: false,
        },
      ]);
      expect(postError).toBeNull();
    });

    test('columns, aliases, casts, json paths, order and embedding over FKs', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('rt_authors')
        .select(
          'id, label:name, city:meta->>city, first_tag:meta->tags->0, idText:id::text, posts:rt_posts!author_id(title, rating, rt_comments(id))',
        )
        .in('id', authorIds)
        .order('name', { ascending: true })
        .order('rating', { ascending: false, nullsFirst: false, referencedTable: 'posts' });
      expect(error).toBeNull();
      expect(data).toHaveLength(2);
      const ann = data![0];
      expect(ann.label).toBe(`${tag}-ann`);
      expect(ann.city).toBe('Leeds');
      expect(ann.first_tag).toBe('x');
      expect(ann.idText).toBe(String(authorIds[0]));
      expect(ann.posts.map((p: { rating: number }) => p.rating)).toEqual([5, 2]);
      expect(ann.posts[0].rt_comments).toEqual([]);
    });

    test('many-to-one embed with hint, !inner and spread', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('rt_posts')
        .select(
          'title, author:rt_authors!rt_posts_author_id_fkey(name), editor:rt_authors!editor_id!inner(name)',
        )
        .like('title', `${tag}%`);
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          title: `${tag} lazy dog`,
          author: { name: `${tag}-ann` },
          editor: { name: `${tag}-bob` },
        },
      ]);
      const spread = await db
        .from('rt_posts')
        .select('title, ...rt_authors!author_id(author_name:name)')
        .eq('title', `${tag} unrated cat`);
      expect(spread.data).toEqual([{ title: `${tag} unrated cat`, author_name: `${tag}-bob` }]);
      const ambiguous = await db.from('rt_posts').select('id, rt_authors(name)').limit(1);
      expect(ambiguous.error?.code).toBe('PGRST201');
      expect(ambiguous.status).toBe(300);
      const none = await db.from('rt_posts').select('id, rt_notes(id)').limit(1);
      expect(none.error?.code).toBe('PGRST200');
    });

    test('operators: comparison, in, is, like/ilike (any), match, cs/ov, fts, not, nested or/and', async () => {
      const db = serviceClient(server());
      const titles = async (
        build: (q: ReturnType<typeof base>) => PromiseLike<{ data: unknown; error: unknown }>,
      ) => {
        const { data, error } = await build(base());
        expect(error).toBeNull();
        return (data as { title: string }[]).map((r) => r.title.slice(tag.length + 1)).sort();
      };
      const base = () => db.from('rt_posts').select('title').like('title', `${tag}%`);
      expect(await titles((q) => q.gt('rating', 2))).toEqual(['quick brown fox']);
      expect(await titles((q) => q.gte('rating', 2).lt('rating', 5))).toEqual(['lazy dog']);
      expect(await titles((q) => q.neq('rating', 5))).toEqual(['lazy dog']);
      expect(await titles((q) => q.in('rating', [2, 5]))).toEqual(['lazy dog', 'quick brown fox']);
      expect(await titles((q) => q.is('rating', null))).toEqual(['unrated cat']);
      expect(await titles((q) => q.not('rating', 'is', null))).toEqual([
        'lazy dog',
        'quick brown fox',
      ]);
      expect(await titles((q) => q.is('published', true))).toEqual(['quick brown fox']);
      expect(await titles((q) => q.ilike('title', '%LAZY%'))).toEqual(['lazy dog']);
      expect(await titles((q) => q.likeAnyOf('title', ['%fox', '%cat']))).toEqual([
        'quick brown fox',
        'unrated cat',
      ]);
      expect(await titles((q) => q.match({ rating: 5 }))).toEqual(['quick brown fox']);
      expect(await titles((q) => q.filter('title', 'match', 'd[o]g$'))).toEqual(['lazy dog']);
      expect(await titles((q) => q.contains('tags', ['a']))).toEqual(['quick brown fox']);
      expect(await titles((q) => q.containedBy('tags', ['a', 'b']))).toEqual([
        'lazy dog',
        'quick brown fox',
        'unrated cat',
      ]);
      expect(await titles((q) => q.overlaps('tags', ['b', 'z']))).toEqual([
        'lazy dog',
        'quick brown fox',
      ]);
      expect(
        await titles((q) => q.textSearch('search', 'quick & fox', { config: 'english' })),
      ).toEqual(['quick brown fox']);
      expect(
        await titles((q) =>
          q.textSearch('search', 'sleeping dogs', { type: 'plain', config: 'english' }),
        ),
      ).toEqual(['lazy dog']);
      expect(
        await titles((q) => q.textSearch('search', 'fox -dog', { type: 'websearch' })),
      ).toEqual(['quick brown fox']);
      expect(await titles((q) => q.or('rating.gt.4,rating.is.null'))).toEqual([
        'quick brown fox',
        'unrated cat',
      ]);
      expect(await titles((q) => q.or('and(rating.gte.2,rating.lte.3),title.ilike.*cat*'))).toEqual(
        ['lazy dog', 'unrated cat'],
      );
      expect(
        await titles((q) => q.not('title', 'ilike', '%dog%').not('rating', 'is', null)),
      ).toEqual(['quick brown fox']);
      expect(await titles((q) => q.filter('rating', 'isdistinct', '5'))).toEqual([
        'lazy dog',
        'unrated cat',
      ]);
    });

    test('order with nulls first/last, limit, offset, range and count', async () => {
      const db = serviceClient(server());
      const nullsFirst = await db
        .from('rt_posts')
        .select('rating')
        .like('title', `${tag}%`)
        .order('rating', { ascending: true, nullsFirst: true });
      expect(nullsFirst.data!.map((r) => r.rating)).toEqual([null, 2, 5]);
      const page = await db
        .from('rt_posts')
        .select('rating', { count: 'exact' })
        .like('title', `${tag}%`)
        .order('rating', { ascending: false, nullsFirst: false })
        .range(1, 1);
      expect(page.error).toBeNull();
      expect(page.data).toEqual([{ rating: 2 }]);
      expect(page.count).toBe(3);
      const head = await db
        .from('rt_posts')
        .select('*', { count: 'exact', head: true })
        .like('title', `${tag}%`);
      expect(head.count).toBe(3);
      expect(head.data).toBeNull();
      const planned = await db
        .from('rt_posts')
        .select('id', { count: 'planned' })
        .like('title', `${tag}%`)
        .limit(1);
      // The planner's estimate, as PostgREST reports it (output-formats.test.ts), not a count.
      expect(Number.isInteger(planned.count)).toBe(true);
    });

    test('many-to-many embed through a junction table', async () => {
      const db = serviceClient(server());
      const { data: post } = await db
        .from('rt_posts')
        .select('id')
        .eq('title', `${tag} lazy dog`)
        .single();
      const { data: labels } = await db
        .from('rt_labels')
        .insert([{ name: `${tag}-red` }, { name: `${tag}-blue` }])
        .select('id');
      await db
        .from('rt_post_labels')
        .insert(labels!.map((label) => ({ post_id: post!.id, label_id: label.id })));
      const { data, error } = await db
        .from('rt_posts')
        .select('title, rt_labels(name)')
        .eq('id', post!.id)
        .order('name', { referencedTable: 'rt_labels' })
        .single();
      expect(error).toBeNull();
      expect(data!.rt_labels).toEqual([{ name: `${tag}-blue` }, { name: `${tag}-red` }]);
    });

    test('single and maybeSingle', async () => {
      const db = serviceClient(server());
      const one = await db.from('rt_authors').select('name').eq('id', authorIds[0]).single();
      expect(one.data).toEqual({ name: `${tag}-ann` });
      const many = await db.from('rt_authors').select('name').in('id', authorIds).single();
      expect(many.error?.code).toBe('PGRST116');
      expect(many.status).toBe(406);
      const none = await db.from('rt_authors').select('name').eq('id', -1).single();
      expect(none.error?.code).toBe('PGRST116');
      const maybe = await db.from('rt_authors').select('name').eq('id', -1).maybeSingle();
      expect(maybe.error).toBeNull();
      expect(maybe.data).toBeNull();
    });
  },
  { extraMigrationsDir: fixtureMigrations },
);
