import { describeEachDb } from '../support/test-server.ts';
import { embeddingFixture } from '../support/embedding-fixture.ts';
import { raw, serviceClient } from '../support/rest-helpers.ts';

const enc = encodeURIComponent;

/**
 * Resource embedding as PostgREST 12 resolves it: relationship detection (one-to-one both ways,
 * self-references, views, computed relationships), disambiguation by hints, and the PGRST200 /
 * PGRST201 errors with their details and hints.
 */
describeEachDb(
  'rest gateway: resource embedding',
  ({ server }) => {
    test('one-to-one (foreign key that is the primary key or unique) embeds an object both ways', async () => {
      const db = serviceClient(server());
      const films = await db
        .from('em_films')
        .select('title, em_technical_specs(camera), em_posters(artist)')
        .order('id');
      expect(films.error).toBeNull();
      expect(films.data).toEqual([
        {
          title: 'Pulp Fiction',
          em_technical_specs: { camera: 'Arriflex' },
          em_posters: { artist: 'Olly' },
        },
        { title: 'Reservoir Dogs', em_technical_specs: { camera: 'Panavision' }, em_posters: null },
        { title: 'Lady Bird', em_technical_specs: null, em_posters: { artist: 'Kim' } },
      ]);
      const specs = await db
        .from('em_technical_specs')
        .select('camera, em_films(title)')
        .eq('film_id', 2);
      expect(specs.data).toEqual([{ camera: 'Panavision', em_films: { title: 'Reservoir Dogs' } }]);
    });

    test('two keys to the same table: PGRST201 with the candidates, then hints and aliases', async () => {
      const s = server();
      const ambiguous = await raw(s, '/em_orders?select=*,em_addresses(*)');
      expect(ambiguous.status).toBe(300);
      expect(ambiguous.body).toEqual({
        code: 'PGRST201',
        message:
          "Could not embed because more than one relationship was found for 'em_orders' and 'em_addresses'",
        details: [
          {
            cardinality: 'many-to-one',
            embedding: 'em_orders with em_addresses',
            relationship: 'billing using em_orders(billing_address_id) and em_addresses(id)',
          },
          {
            cardinality: 'many-to-one',
            embedding: 'em_orders with em_addresses',
            relationship: 'shipping using em_orders(shipping_address_id) and em_addresses(id)',
          },
        ],
        hint: "Try changing 'em_addresses' to one of the following: 'em_addresses!billing', 'em_addresses!shipping'. Find the desired relationship in the 'details' key.",
      });
      const db = serviceClient(s);
      // By constraint name, by the FK column, and by the FK column as the embed's name.
      const { data, error } = await db
        .from('em_orders')
        .select(
          'name, bill:em_addresses!billing(city), ship:em_addresses!shipping_address_id(city), shipping_address_id(id)',
        );
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          name: 'Filter',
          bill: { city: 'Leeds' },
          ship: { city: 'York' },
          shipping_address_id: { id: 2 },
        },
      ]);
      const reverse = await db
        .from('em_addresses')
        .select('city, billed:em_orders!billing(name), shipped:em_orders!shipping(name)')
        .order('id');
      expect(reverse.data).toEqual([
        { city: 'Leeds', billed: [{ name: 'Filter' }], shipped: [] },
        { city: 'York', billed: [], shipped: [{ name: 'Filter' }] },
      ]);
    });

    test('self-reference: the table name is the children, the FK column the parent', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('em_people')
        .select(
          'name, parent:parent_id(name), children:em_people(name), kids:em_people!parent_id(name)',
        )
        .eq('id', 2);
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          name: 'Mum',
          parent: { name: 'Grandma' },
          children: [{ name: 'Kid' }],
          kids: [{ name: 'Kid' }],
        },
      ]);
    });

    test('many-to-many through the junction, and the junction as a hint', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('em_films')
        .select('title, em_actors!em_roles(name)')
        .eq('id', 1)
        .order('name', { referencedTable: 'em_actors' });
      expect(error).toBeNull();
      expect(data).toEqual([
        { title: 'Pulp Fiction', em_actors: [{ name: 'John' }, { name: 'Uma' }] },
      ]);
    });

    test('views take part in the relationships of the table they show', async () => {
      const db = serviceClient(server());
      const fromView = await db
        .from('em_film_view')
        .select('title, em_directors(name)')
        .eq('id', 3);
      expect(fromView.error).toBeNull();
      expect(fromView.data).toEqual([{ title: 'Lady Bird', em_directors: { name: 'Greta' } }]);
      const toView = await db
        .from('em_directors')
        .select('name, em_film_view(title)')
        .eq('id', 1)
        .order('title', { referencedTable: 'em_film_view' });
      expect(toView.data).toEqual([
        { name: 'Quentin', em_film_view: [{ title: 'Pulp Fiction' }, { title: 'Reservoir Dogs' }] },
      ]);
    });

    test('!inner, and an embed with no fields used only to filter', async () => {
      const db = serviceClient(server());
      const inner = await db
        .from('em_directors')
        .select('name, em_films!inner(title)')
        .eq('em_films.year', 2017);
      expect(inner.data).toEqual([{ name: 'Greta', em_films: [{ title: 'Lady Bird' }] }]);
      const filtered = await db
        .from('em_films')
        .select('title, em_actors()')
        .eq('em_actors.name', 'Harvey')
        .not('em_actors', 'is', null);
      expect(filtered.error).toBeNull();
      expect(filtered.data).toEqual([{ title: 'Reservoir Dogs' }]);
    });

    test('computed relationships: a function of the row, to-one with ROWS 1', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('em_films')
        .select('title, em_director(name), em_premiere_list(place)')
        .in('id', [1, 2])
        .order('id')
        .order('place', { referencedTable: 'em_premiere_list' });
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          title: 'Pulp Fiction',
          em_director: { name: 'Quentin' },
          em_premiere_list: [{ place: 'Cannes' }, { place: 'London' }],
        },
        { title: 'Reservoir Dogs', em_director: { name: 'Quentin' }, em_premiere_list: [] },
      ]);
    });

    test('order=rel(col) orders by a to-one embed; to-many answers PGRST118', async () => {
      const s = server();
      const ordered = await raw(
        s,
        `/em_films?select=${enc('title,em_directors(name)')}&order=${enc('em_directors(name).desc,year')}`,
      );
      expect(ordered.status).toBe(200);
      expect((ordered.body as unknown as { title: string }[]).map((f) => f.title)).toEqual([
        'Reservoir Dogs',
        'Pulp Fiction',
        'Lady Bird',
      ]);
      const toMany = await raw(
        s,
        `/em_directors?select=${enc('name,em_films(title)')}&order=${enc('em_films(title)')}`,
      );
      expect(toMany.status).toBe(400);
      expect(toMany.body).toEqual({
        code: 'PGRST118',
        message: "A related order on 'em_films' is not possible",
        details:
          "'em_directors' and 'em_films' do not form a many-to-one or one-to-one relationship",
        hint: null,
      });
    });

    test('PGRST200 when nothing relates, with a suggestion for a near miss', async () => {
      const s = server();
      const missing = await raw(s, `/em_films?select=${enc('title,em_actor(name)')}`);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        code: 'PGRST200',
        message:
          "Could not find a relationship between 'em_films' and 'em_actor' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'em_films' and 'em_actor' in the schema 'public', but no matches were found.",
        hint: "Perhaps you meant 'em_actors' instead of 'em_actor'.",
      });
      const badHint = await raw(s, `/em_orders?select=${enc('em_addresses!nope(city)')}`);
      expect(badHint.status).toBe(400);
      expect(badHint.body?.details).toBe(
        "Searched for a foreign key relationship between 'em_orders' and 'em_addresses' using the hint 'nope' in the schema 'public', but no matches were found.",
      );
    });
  },
  { extraMigrationsDir: embeddingFixture },
);
