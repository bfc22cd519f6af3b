/**
 * Every HTTP surface answers malformed input (a broken `%`-escape in the path, a body that is not
 * JSON, a body over the limit) with a 4xx in its own error shape, never a 500.
 */
import { describeEachDb, type TestServer } from '../support/test-server.ts';

jest.setTimeout(60_000);

// Small limits so the oversize cases stay cheap.
const MAX_BODY_BYTES = 32 * 1024;
const STORAGE_MAX_UPLOAD_BYTES = 64 * 1024;
const overLimit = 'x'.repeat(STORAGE_MAX_UPLOAD_BYTES + 128 * 1024);

type Auth = 'anon' | 'service' | 'user';

interface Surface {
  name: string;
  /** A request whose path holds a `%`-escape that cannot be decoded. */
  badEscape: { method: string; path: string };
  /** Where a JSON body is read. */
  jsonAt: string;
  auth: Auth;
  /** Keys every error body of this surface has; `exact` for PostgREST's fixed four. */
  keys: string[];
  exact?: boolean;
  /** Exact statuses where the surface itself reads the path or the body (else any 4xx). */
  badEscapeStatus?: number;
  badJsonStatus?: number;
}

/** Which input the surface reads itself, so answers with exactly 400 (otherwise any 4xx). */
type Reads = 'path+json' | 'path' | 'json' | 'neither';
type Row = [
  name: string,
  badEscape: string,
  jsonAt: string,
  auth: Auth,
  keys: string,
  reads: Reads,
];

// A function's body is its own business, and the outbox answers HTML unless ?format=json: no keys.
// prettier-ignore
const rows: Row[] = [
  ['auth',              'POST /auth/v1/factors/%zz/verify',                '/auth/v1/signup',                 'anon',    'code message',               'path+json'],
  ['rest',              'GET /rest/v1/%E0%A4%A',                           '/rest/v1/profiles',               'anon',    '=code details hint message', 'path+json'],
  ['storage',           'GET /storage/v1/object/public/%zz/a.txt',         '/storage/v1/bucket',              'service', 'statusCode error message',   'path+json'],
  ['realtime http api', 'POST /realtime/v1/api/broadcast/%zz/events/ping', '/realtime/v1/api/broadcast',      'service', 'error message',              'path+json'],
  ['functions',         'POST /functions/v1/%zz',                          '/functions/v1/newsletter-signup', 'anon',    '',                           'path'],
  ['presence beacon',   'POST /api/update-presence-offline/%zz',           '/api/update-presence-offline',    'user',    'message',                    'json'],
  ['outbox',            'GET /outbox/%zz',                                 '/outbox',                         'anon',    '',                           'neither'],
];

const surfaces: Surface[] = rows.map(([name, escape, jsonAt, auth, keys, reads]) => {
  const [method, path] = escape.split(' ');
  return {
    name,
    badEscape: { method, path },
    jsonAt,
    auth,
    keys: keys.replace('=', '').split(' ').filter(Boolean),
    exact: keys.startsWith('='),
    badEscapeStatus: reads.startsWith('path') ? 400 : undefined,
    badJsonStatus: reads.endsWith('json') ? 400 : undefined,
  };
});

function headersFor(server: TestServer, auth: Auth): Record<string, string> {
  const token =
    auth === 'service'
      ? server.serviceRoleKey
      : auth === 'user'
        ? server.mintUserToken(crypto.randomUUID())
        : server.anonKey;
  return {
    apikey: server.anonKey,
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    'X-Supabase-Api-Version': '2024-01-01',
  };
}

async function send(
  server: TestServer,
  surface: Surface,
  method: string,
  path: string,
  body?: string,
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: headersFor(server, surface.auth),
    body,
  });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** A 4xx (exactly `exact` where given) in the surface's shape; a failure shows the body. */
function expectClientError(
  surface: Surface,
  result: { status: number; json?: Record<string, unknown>; text: string },
  exact: number | undefined,
) {
  const isClientError = result.status >= 400 && result.status < 500;
  const wanted = exact ?? (isClientError ? result.status : 'a 4xx');
  expect({ surface: surface.name, status: result.status, body: result.text.slice(0, 300) }).toEqual(
    {
      surface: surface.name,
      status: wanted,
      body: expect.any(String),
    },
  );
  if (!result.json) return;
  const keys = Object.keys(result.json).sort();
  if (surface.exact) expect(keys).toEqual([...surface.keys].sort());
  else expect(keys).toEqual(expect.arrayContaining(surface.keys));
}

describeEachDb(
  'malformed input on every surface',
  ({ server }) => {
    test.each(surfaces)('$name: a broken %-escape in the path is a 4xx', async (surface) => {
      const { method, path } = surface.badEscape;
      const result = await send(
        server(),
        surface,
        method,
        path,
        method === 'GET' ? undefined : '{}',
      );
      expectClientError(surface, result, surface.badEscapeStatus);
    });

    test.each(surfaces)('$name: a body that is not JSON is a 4xx', async (surface) => {
      const result = await send(server(), surface, 'POST', surface.jsonAt, '{"email": "a@b.c",');
      expectClientError(surface, result, surface.badJsonStatus);
    });

    test.each(surfaces)('$name: a body over the limit is a 413', async (surface) => {
      const body = JSON.stringify({ padding: overLimit });
      const result = await send(server(), surface, 'POST', surface.jsonAt, body);
      expectClientError(surface, result, 413);
    });

    test('rest and auth name what was wrong in their own codes', async () => {
      const s = server();
      const rest = await send(s, surfaces[1], 'POST', '/rest/v1/profiles', '{"a":');
      expect(rest.json).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
      const restPath = await send(s, surfaces[1], 'GET', '/rest/v1/%zz');
      expect(restPath.json?.code).toBe('PGRST100');
      const auth = await send(s, surfaces[0], 'POST', '/auth/v1/token?grant_type=password', '[');
      expect(auth.json?.code).toBe('bad_json');
      const authPath = await send(s, surfaces[0], 'DELETE', '/auth/v1/factors/%E0%A4%A');
      expect(authPath.json?.code).toBe('validation_failed');
      const storage = await send(s, surfaces[2], 'POST', '/storage/v1/bucket', '"a string"');
      expect(storage.json).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
    });
  },
  {
    env: {
      MAX_BODY_BYTES: String(MAX_BODY_BYTES),
      STORAGE_MAX_UPLOAD_BYTES: String(STORAGE_MAX_UPLOAD_BYTES),
    },
  },
);
