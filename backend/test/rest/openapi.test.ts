import { randomUUID } from 'node:crypto';
import { describeEachDb, type TestServer } from '../support/test-server.ts';
import { fixtureMigrations } from '../support/rest-helpers.ts';

/**
 * GET /rest/v1/ answers PostgREST's OpenAPI (Swagger 2.0) description of what the caller's role
 * may use (openapi-mode follow-privileges), as type generators and admin tools read it.
 */
interface OpenApi {
  swagger: string;
  info: { title: string };
  paths: Record<string, Record<string, { parameters?: unknown[] }>>;
  definitions: Record<
    string,
    {
      required: string[];
      description?: string;
      properties: Record<string, Record<string, unknown>>;
    }
  >;
  parameters: Record<string, unknown>;
}

async function openApi(server: TestServer, token: string, profile?: string) {
  const response = await fetch(`${server.url}/rest/v1/`, {
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${token}`,
      ...(profile ? { 'accept-profile': profile } : {}),
    },
  });
  return { response, body: (await response.json()) as OpenApi };
}

describeEachDb(
  'rest gateway: OpenAPI description at the root',
  ({ server }) => {
    test('tables, views and functions with their columns, keys and comments', async () => {
      const { response, body } = await openApi(server(), server().serviceRoleKey);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/openapi\+json/);
      expect(body.swagger).toBe('2.0');
      const authors = body.definitions.rt_authors;
      expect(authors.description).toBe('conformance fixture: authors');
      expect(authors.required).toEqual(['id', 'name', 'meta', 'created_at']);
      expect(authors.properties.id).toMatchObject({
        format: 'bigint',
        type: 'integer',
        description: 'Note:\nThis is a Primary Key.<pk/>',
      });
      expect(authors.properties.name).toEqual({ format: 'text', type: 'string' });
      // json has no Swagger type; a default shows only when it is a JSON or string literal.
      expect(authors.properties.meta).toEqual({ format: 'jsonb' });
      expect(authors.properties.created_at).toEqual({
        format: 'timestamp with time zone',
        type: 'string',
        default: 'now()',
      });
      expect(body.definitions.rt_posts.properties.published).toMatchObject({ default: false });
      expect(body.definitions.rt_posts.properties.tags).toMatchObject({
        format: 'text[]',
        type: 'array',
        items: { type: 'string' },
      });
      expect(body.definitions.rt_posts.properties.author_id.description).toBe(
        "Note:\nThis is a Foreign Key to `rt_authors.id`.<fk table='rt_authors' column='id'/>",
      );
      expect(Object.keys(body.paths['/rt_authors']).sort()).toEqual([
        'delete',
        'get',
        'patch',
        'post',
      ]);
      expect(body.paths['/rt_authors'].get.parameters).toContainEqual({
        $ref: '#/parameters/rowFilter.rt_authors.email',
      });
      expect(body.parameters['rowFilter.rt_authors.email']).toMatchObject({
        name: 'email',
        in: 'query',
      });
      // A view that cannot be written through is described for reading only.
      expect(Object.keys(body.paths['/rt_author_names'])).toEqual(['get']);
      expect(body.definitions.rt_author_names).toMatchObject({
        description: 'conformance fixture: a read-only view',
        properties: { name: { format: 'text', type: 'string' } },
      });
      // A stable function answers GET and POST; a volatile one POST only.
      expect(Object.keys(body.paths['/rpc/rt_add']).sort()).toEqual(['get', 'post']);
      expect(Object.keys(body.paths['/rpc/rt_touch'])).toEqual(['post']);
      expect(body.paths['/rpc/rt_add'].post.parameters?.[0]).toMatchObject({
        in: 'body',
        name: 'args',
        schema: { required: ['a', 'b'], properties: { a: { format: 'integer', type: 'integer' } } },
      });
    });

    test("only what the caller's role may use is described", async () => {
      const s = server();
      const anon = (await openApi(s, s.anonKey)).body;
      const user = (await openApi(s, s.mintUserToken(randomUUID()))).body;
      const service = (await openApi(s, s.serviceRoleKey)).body;
      // project_applications: nothing for anon; select, insert and update (no delete) for users.
      expect(Object.keys(service.paths['/project_applications']).sort()).toEqual([
        'delete',
        'get',
        'patch',
        'post',
      ]);
      expect(Object.keys(user.paths['/project_applications']).sort()).toEqual([
        'get',
        'patch',
        'post',
      ]);
      expect(anon.paths['/project_applications']).toBeUndefined();
      expect(anon.definitions.project_applications).toBeUndefined();
      // is_appointment_party is revoked from anon only.
      expect(user.paths['/rpc/is_appointment_party']).toBeDefined();
      expect(anon.paths['/rpc/is_appointment_party']).toBeUndefined();
      expect(anon.paths['/rt_authors']).toBeDefined();
    });

    test('a schema that is not exposed is refused (PGRST106)', async () => {
      const { response, body } = await openApi(server(), server().anonKey, 'auth');
      expect(response.status).toBe(406);
      expect(body).toMatchObject({ code: 'PGRST106' });
    });
  },
  { extraMigrationsDir: fixtureMigrations },
);
