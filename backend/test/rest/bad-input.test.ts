import { describeEachDb } from '../support/test-server.ts';
import { fixtureMigrations, raw, serviceClient } from '../support/rest-helpers.ts';

interface Case {
  path: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  status: number;
  code?: string;
}

const enc = encodeURIComponent;

// Every position a request can smuggle text into: select, filters, operators, values, order,
// on_conflict, rpc arguments, json paths, casts, fts configs, paging, body.
const cases: Case[] = [
  { path: '/rt_authors?id=eq', status: 400, code: 'PGRST100' },
  { path: '/rt_authors?id=foo.1', status: 400, code: 'PGRST100' },
  { path: '/rt_authors?id=in.(1,2', status: 400, code: 'PGRST100' },
  { path: '/rt_authors?id=is.maybe', status: 400, code: 'PGRST100' },
  { path: '/rt_authors?or=(id.eq.1', status: 400, code: 'PGRST100' },
  { path: '/rt_authors?or=(id.nope.1)', status: 400, code: 'PGRST100' },
  { path: '/rt_authors?nope=eq.1', status: 400, code: '42703' },
  { path: '/rt_authors?select=nope', status: 400, code: '42703' },
  { path: `/rt_authors?select=${enc('id;drop table rt_authors')}`, status: 400 },
  { path: `/rt_authors?select=${enc('id,name)--')}`, status: 400 },
  { path: `/rt_authors?select=${enc('id::text);drop table rt_authors;--')}`, status: 400 },
  { path: `/rt_authors?select=${enc('"id""; drop table rt_authors; --"')}`, status: 400 },
  { path: `/rt_authors?order=${enc('id;drop table rt_authors')}`, status: 400 },
  { path: `/rt_authors?order=${enc('id.desc;drop')}`, status: 400 },
  { path: `/rt_authors?order=${enc('id.desc.nullslast,(select 1)')}`, status: 400 },
  { path: `/rt_authors?id=${enc('eq.1;drop table rt_authors')}`, status: 400, code: '22P02' },
  { path: `/rt_posts?search=${enc("fts(english');drop table rt_authors;--).x")}`, status: 400 },
  { path: `/rt_authors?${enc('id);drop table rt_authors;--')}=eq.1`, status: 400 },
  { path: `/rt_authors?id=${enc('eq(any).{1,2}')}`, status: 200 },
  { path: '/rt_authors?limit=-1', status: 400, code: 'PGRST100' },
  { path: '/rt_authors?offset=abc', status: 400, code: 'PGRST100' },
  { path: '/rt_authors?select=id,rt_missing(*)', status: 400, code: 'PGRST200' },
  { path: '/rt_missing', status: 404, code: 'PGRST205' },
  { path: '/%E0%A4%A', status: 400, code: 'PGRST100' },
  { path: `/${enc('rt_authors;drop table rt_authors')}`, status: 404, code: 'PGRST205' },
  { path: '/rt_authors', method: 'POST', body: '{"name":', status: 400, code: 'PGRST102' },
  { path: '/rt_authors', method: 'POST', body: '', status: 400, code: 'PGRST102' },
  { path: '/rt_authors', method: 'POST', body: '"text"', status: 400, code: 'PGRST102' },
  {
    path: '/rt_authors',
    method: 'POST',
    body: '{"name":"x","nope":1}',
    status: 400,
    code: 'PGRST204',
  },
  {
    path: `/rt_authors?columns=${enc('name,"x);drop table rt_authors;--"')}`,
    method: 'POST',
    body: '{"name":"x"}',
    status: 400,
    code: 'PGRST204',
  },
  {
    path: `/rt_authors?on_conflict=${enc('email);drop table rt_authors;--')}`,
    method: 'POST',
    body: '{"name":"x"}',
    headers: { Prefer: 'resolution=merge-duplicates' },
    status: 400,
    code: 'PGRST100',
  },
  {
    path: '/rpc/rt_add',
    method: 'POST',
    body: '{"a":"1); drop table rt_authors; --","b":1}',
    status: 400,
    code: '22P02',
  },
  {
    path: '/rpc/rt_add',
    method: 'POST',
    body: '{"a);drop table rt_authors;--":1,"b":1}',
    status: 404,
    code: 'PGRST202',
  },
  { path: '/rpc/rt_add', method: 'POST', body: '{"a":', status: 400, code: 'PGRST102' },
  { path: '/rt_authors', headers: { 'Accept-Profile': 'auth' }, status: 406, code: 'PGRST106' },
  { path: '/rt_authors', method: 'PUT', body: '{}', status: 405 },
];

const pieces = [
  '(',
  ')',
  ',',
  '.',
  '"',
  "'",
  '\\',
  '{',
  '}',
  ':',
  '::',
  '!',
  '->',
  '->>',
  '*',
  ';',
  '--',
  ' ',
  'eq',
  'in',
  'is',
  'not',
  'or',
  'and',
  'id',
  'name',
  'meta',
  'rt_posts',
  'null',
  '1',
  'x',
  '%',
  '[',
  ']',
  'fts',
  'cs',
  'any',
];
const keys = [
  'select',
  'order',
  'id',
  'name',
  'or',
  'and',
  'meta->a',
  'rt_posts.order',
  'rt_posts.title',
  'limit',
  'not.or',
  'columns',
];

/** Deterministic garbage built from the grammar's own tokens (a tiny LCG keeps runs repeatable). */
function fuzzPaths(count: number): string[] {
  let seed = 42;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  return Array.from({ length: count }, (_, i) => {
    const value = Array.from({ length: 1 + next(8) }, () => pieces[next(pieces.length)]).join('');
    return `/rt_authors?${keys[i % keys.length]}=${enc(value)}`;
  });
}

describeEachDb(
  'rest gateway: bad input is a 4xx in PostgREST shape, never a 500',
  ({ server }) => {
    test.each(cases)('$method $path -> $status', async (c) => {
      const result = await raw(server(), c.path, {
        method: c.method ?? 'GET',
        body: c.body,
        headers: c.headers,
      });
      expect(result.status).toBe(c.status);
      if (c.status >= 400) {
        expect(Object.keys(result.body ?? {}).sort()).toEqual([
          'code',
          'details',
          'hint',
          'message',
        ]);
        if (c.code) expect(result.body?.code).toBe(c.code);
      }
    });

    test('grammar fuzz: 300 garbage queries, no 5xx', async () => {
      const failures: string[] = [];
      for (const path of fuzzPaths(300)) {
        const result = await raw(server(), path);
        if (result.status >= 500) failures.push(`${result.status} ${path}`);
      }
      expect(failures).toEqual([]);
    });

    test('values are bind parameters: SQL in a value is just text', async () => {
      const s = server();
      const evil = `'; drop table rt_authors; --`;
      const { data, error } = await serviceClient(s)
        .from('rt_authors')
        .select('id')
        .eq('name', evil);
      expect(error).toBeNull();
      expect(data).toEqual([]);
      const path = await raw(
        s,
        `/rt_authors?select=${enc("x:meta->>a'';drop table rt_authors;--")}&limit=1`,
      );
      expect(path.status).toBeLessThan(500);
      expect((await serviceClient(s).from('rt_authors').select('id').limit(1)).error).toBeNull();
    });

    test('bodies over the limit get 413, JWT problems 401, preflight CORS 204', async () => {
      const s = server();
      const big = await raw(s, '/rt_authors', {
        method: 'POST',
        body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      });
      expect(big.status).toBe(413);
      expect(big.body?.code).toBe('PGRST413');
      const noKey = await fetch(`${s.url}/rest/v1/rt_authors`);
      expect(noKey.status).toBe(401);
      // Actual responses carry only what the browser reads there; the rest is for preflights.
      expect(noKey.headers.get('access-control-allow-origin')).toBe('*');
      expect(noKey.headers.get('access-control-expose-headers')).toContain('content-range');
      expect(noKey.headers.get('access-control-allow-headers')).toBeNull();
      expect(((await noKey.json()) as { code: string }).code).toBe('PGRST301');
      const preflight = await fetch(`${s.url}/rest/v1/rt_authors`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('x-client-info');
      expect(preflight.headers.get('access-control-expose-headers')).toContain('content-range');
      expect(preflight.headers.get('access-control-max-age')).toBe('86400');
    });
  },
  { extraMigrationsDir: fixtureMigrations },
);
