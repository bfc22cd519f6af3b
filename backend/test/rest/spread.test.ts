import { describeEachDb } from '../support/test-server.ts';
import { embeddingFixture } from '../support/embedding-fixture.ts';
import { serviceClient } from '../support/rest-helpers.ts';

/**
 * Spread embeds `...rel(cols)`: on to-one relationships the columns join the parent object
 * (PostgREST 12); on to-many relationships each column becomes an array, correlated by position
 * and ordered by `rel.order` (PostgREST 13). Spreads nest.
 */
describeEachDb(
  'rest gateway: spread embeds',
  ({ server }) => {
    test('to-one spread: columns (with aliases) move into the parent object', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('em_films')
        .select('title, ...em_directors(director:name), ...em_technical_specs(camera)')
        .order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { title: 'Pulp Fiction', director: 'Quentin', camera: 'Arriflex' },
        { title: 'Reservoir Dogs', director: 'Quentin', camera: 'Panavision' },
        { title: 'Lady Bird', director: 'Greta', camera: null },
      ]);
    });

    test('to-many spread: correlated arrays, ordered, empty when nothing relates', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('em_directors')
        .select('name, ...em_films(titles:title, years:year)')
        .order('id')
        .order('year', { referencedTable: 'em_films' });
      expect(error).toBeNull();
      expect(data).toEqual([
        { name: 'Quentin', titles: ['Reservoir Dogs', 'Pulp Fiction'], years: [1992, 1994] },
        { name: 'Greta', titles: ['Lady Bird'], years: [2017] },
        { name: 'Nobody', titles: [], years: [] },
      ]);
    });

    test('many-to-many spread, and nested spreads (to-one and to-many inside to-many)', async () => {
      const db = serviceClient(server());
      const m2m = await db
        .from('em_films')
        .select('title, ...em_actors(cast_names:name)')
        .eq('id', 1)
        .order('name', { referencedTable: 'em_actors' });
      expect(m2m.error).toBeNull();
      expect(m2m.data).toEqual([{ title: 'Pulp Fiction', cast_names: ['John', 'Uma'] }]);
      const nested = await db
        .from('em_directors')
        .select(
          'name, ...em_films(titles:title, ...em_technical_specs(cameras:camera), ...em_roles(characters:character))',
        )
        .eq('id', 1)
        .order('year', { referencedTable: 'em_films' })
        .order('character', { referencedTable: 'em_films.em_roles' });
      expect(nested.error).toBeNull();
      expect(nested.data).toEqual([
        {
          name: 'Quentin',
          titles: ['Reservoir Dogs', 'Pulp Fiction'],
          cameras: ['Panavision', 'Arriflex'],
          characters: [['Mr. Pink'], ['Mia', 'Vincent']],
        },
      ]);
    });

    test('a non-spread embed inside a to-many spread becomes an array per row', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('em_directors')
        .select('...em_films(title, em_posters(artist))')
        .eq('id', 2);
      expect(error).toBeNull();
      expect(data).toEqual([{ title: ['Lady Bird'], em_posters: [{ artist: 'Kim' }] }]);
    });
  },
  { extraMigrationsDir: embeddingFixture },
);
