import {
  postgresAvailable,
  postgresHasExtension,
  startTestServer,
  type TestServer,
} from '../support/test-server.ts';
import { serviceClient, suiteFixture, unique } from '../support/rest-helpers.ts';

/**
 * GeoJSON output (Accept: application/geo+json) as PostgREST produces it where PostGIS is
 * installed: a FeatureCollection, one Feature per row, the row's geometry column as the geometry
 * and its other columns as properties. Without PostGIS the media type is refused (406 PGRST107,
 * tested in output-formats.test.ts on both databases).
 */
const geoFixture = suiteFixture(
  'geojson',
  `
create extension if not exists postgis with schema extensions;
create table public.rt_places (
  id bigint generated always as identity primary key,
  name text not null,
  location extensions.geometry(Point, 4326) not null
);
alter table public.rt_places enable row level security;
create policy rt_places_read on public.rt_places for select using (true);
grant select on public.rt_places to anon, authenticated;
grant all on public.rt_places to service_role;
`,
);

const title = 'rest gateway: GeoJSON output with PostGIS';

describe(`${title} [pglite]`, () => {
  test.skip('PostGIS cannot be loaded into PGlite, so GeoJSON output is tested on PostgreSQL only', () => {});
});

const reason = !postgresAvailable()
  ? 'nothing answers on 127.0.0.1:5432'
  : !postgresHasExtension('postgis')
    ? 'this PostgreSQL has no PostGIS (Debian: apt-get install postgresql-<version>-postgis-3; .ci/run installs it)'
    : undefined;
if (reason) console.log(`[test] SKIPPED "${title}" on postgres: ${reason}`);

(reason ? describe.skip : describe)(`${title} [postgres]`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', extraMigrationsDir: geoFixture });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  async function seed(tag: string) {
    const s = server;
    const rows = [
      { name: `${tag} London`, location: 'SRID=4326;POINT(-0.1276 51.5072)' },
      { name: `${tag} Leeds`, location: 'SRID=4326;POINT(-1.5491 53.8008)' },
    ];
    const { error } = await serviceClient(s).from('rt_places').insert(rows);
    expect(error).toBeNull();
  }

  test('a FeatureCollection: each row a Feature, its geometry and the other columns as properties', async () => {
    const tag = unique('geo');
    await seed(tag);
    const response = await fetch(
      `${server.url}/rest/v1/rt_places?select=name,location&name=like.${tag}*&order=name`,
      {
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${server.anonKey}`,
          accept: 'application/geo+json',
        },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    expect(await response.json()).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-1.5491, 53.8008] },
          properties: { name: `${tag} Leeds` },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-0.1276, 51.5072] },
          properties: { name: `${tag} London` },
        },
      ],
    });
  });

  test("supabase-js's geojson() gets the same document; no rows is an empty collection", async () => {
    const tag = unique('geo');
    await seed(tag);
    const found = await serviceClient(server)
      .from('rt_places')
      .select('name,location')
      .eq('name', `${tag} London`)
      .geojson();
    expect(found.error).toBeNull();
    expect(found.data).toMatchObject({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { name: `${tag} London` } }],
    });
    const none = await serviceClient(server)
      .from('rt_places')
      .select('name,location')
      .eq('name', `${tag} nowhere`)
      .geojson();
    expect(none.data).toEqual({ type: 'FeatureCollection', features: [] });
  });
});
