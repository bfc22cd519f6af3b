/**
 * A deterministic fuzzer for the REST gateway: over every table it exposes (read from its own
 * OpenAPI document) and every filter operator, it sends malformed filters, huge values, unicode,
 * SQL-injection strings in every position (column names, operators, values, order, select,
 * embeds), deep embeds and oversized or malformed bodies, as anon, a signed-in user and the
 * service role. Every answer must be below 500, and every error must be PostgREST's shape
 * ({code, message, details, hint}). Writes carry Prefer: tx=rollback so nothing is kept.
 * The seed is fixed (FUZZ_SEED overrides it); a failure prints the request to replay.
 */
import { randomUUID } from 'node:crypto';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(180_000);

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
/** The backend's default request body limit (MAX_BODY_BYTES); the suite does not change it. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Requests per table; with ~35 tables this keeps a run well under a minute per database. */
const PER_TABLE = Number(process.env.FUZZ_PER_TABLE ?? 14);

/** mulberry32: small, fast and the same sequence on every machine for a given seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is',
  'isdistinct', 'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl',
  'adj', 'not.eq', 'not.in', 'not.is', 'eq(any)', 'like(all)', 'fts(english)', 'not.fts(simple)',
] as const; // prettier-ignore

const INJECTIONS = [
  "'; drop table profiles; --",
  '" or 1=1 --',
  '1) or (1=1',
  '$1',
  "') union select * from auth.users --",
  'pg_sleep(5)',
  '*/ select 1 /*',
  '\\',
  '\u0000',
  '%00',
  '"',
  "'",
  ')',
  '(',
  ',',
  '.',
  '::text',
  '->>',
  '!inner',
];

const ODD_VALUES = [
  '',
  'null',
  'NULL',
  'true',
  '-1',
  '1e309',
  '9'.repeat(400),
  'NaN',
  '2026-13-45T99:99:99Z',
  '{"a":',
  '{1,2',
  '(1,2',
  '[1,2)',
  '💥🇬🇧 ünïcödé 中文 עברית',
  '\u202e\u200b\ufeff',
  '\ud800',
  'x'.repeat(20_000),
  randomUUIDLike(),
];

function randomUUIDLike() {
  return '00000000-0000-4000-8000-000000000000';
}

interface Table {
  name: string;
  columns: string[];
}

function value(rng: Rng): string {
  return rng.chance(0.4) ? rng.pick(INJECTIONS) : rng.pick(ODD_VALUES);
}

function column(rng: Rng, table: Table): string {
  if (rng.chance(0.7)) return rng.pick(table.columns);
  return rng.pick([...INJECTIONS, 'no_such_column', 'id->>x', 'id->0->>"a', '', '...']);
}

function operator(rng: Rng): string {
  return rng.chance(0.85) ? rng.pick(OPERATORS) : rng.pick([...INJECTIONS, 'eqq', 'not', '']);
}

function deepEmbed(rng: Rng, tables: Table[], depth: number): string {
  let select = '*';
  for (let i = 0; i < depth; i += 1) select = `${rng.pick(tables).name}(${select})`;
  return `*,${select}`;
}

function selectParam(rng: Rng, table: Table, tables: Table[]): string {
  switch (Math.floor(rng.next() * 6)) {
    case 0:
      return '*';
    case 1:
      return `${rng.pick(table.columns)},${column(rng, table)}`;
    case 2:
      return deepEmbed(rng, tables, 1 + Math.floor(rng.next() * 12));
    case 3:
      return `*,${rng.pick(INJECTIONS)}(*)`;
    case 4:
      return `${rng.pick(table.columns)}::${rng.pick(['text', 'int', 'x y', "text'"])},alias:${column(rng, table)}`;
    default:
      return value(rng);
  }
}

/** One fuzzed request: path with query, method, headers and body. */
function fuzzCase(rng: Rng, table: Table, tables: Table[]) {
  const query = new URLSearchParams();
  const filters = 1 + Math.floor(rng.next() * 3);
  for (let i = 0; i < filters; i += 1) {
    const kind = rng.next();
    if (kind < 0.7) query.append(column(rng, table), `${operator(rng)}.${value(rng)}`);
    else if (kind < 0.85)
      query.append('or', `(${column(rng, table)}.${operator(rng)}.${value(rng)})`);
    else query.append(`${rng.pick(tables).name}.${column(rng, table)}`, `eq.${value(rng)}`);
  }
  if (rng.chance(0.6)) query.set('select', selectParam(rng, table, tables));
  if (rng.chance(0.4))
    query.set('order', `${column(rng, table)}.${rng.pick(['asc', 'desc', 'nullsfirst', 'x', ''])}`);
  if (rng.chance(0.3)) query.set('limit', rng.pick(['0', '-1', '1e3', 'x', '99999999999999999']));
  if (rng.chance(0.2)) query.set('offset', rng.pick(['5', '-5', "1'", '']));
  const method = rng.pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE'] as const);
  let body: string | undefined;
  if (method === 'POST' || method === 'PATCH') {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < 3; i += 1)
      row[column(rng, table)] = rng.chance(0.5) ? value(rng) : rng.next();
    body = rng.pick([
      JSON.stringify(row),
      JSON.stringify([row, row]),
      '{"unterminated": ',
      '[]',
      'null',
      '"text"',
      JSON.stringify({ [rng.pick(table.columns)]: { nested: Array(50).fill({ deep: [1] }) } }),
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      JSON.stringify({ [rng.pick(table.columns)]: 'y'.repeat(3 * 1024 * 1024) }),
    ]);
  }
  const headers: Record<string, string> = {
    Prefer: rng.pick([
      'tx=rollback',
      'tx=rollback, return=representation',
      'tx=rollback, count=exact',
      'tx=rollback, count=planned, return=minimal',
      'tx=rollback, resolution=merge-duplicates, return=representation',
      'tx=rollback, missing=default',
    ]),
  };
  if (rng.chance(0.2))
    headers.Accept = rng.pick([
      'application/vnd.pgrst.object+json',
      'text/csv',
      'application/json;nulls=stripped',
      'image/png',
      '*/*;q=',
    ]);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return { path: `/rest/v1/${table.name}?${query.toString()}`, method, headers, body };
}

describeEachDb('REST fuzzer', ({ server }) => {
  let tables: Table[];
  let keys: { label: string; token: string }[];

  beforeAll(async () => {
    const s = server();
    const response = await fetch(`${s.url}/rest/v1/`, {
      headers: { apikey: s.serviceRoleKey, Authorization: `Bearer ${s.serviceRoleKey}` },
    });
    const document = (await response.json()) as {
      definitions: Record<string, { properties?: Record<string, unknown> }>;
    };
    tables = Object.entries(document.definitions)
      .map(([name, def]) => ({ name, columns: Object.keys(def.properties ?? {}) }))
      .filter((t) => t.columns.length > 0)
      .sort((a, b) => a.name.localeCompare(b.name));
    keys = [
      { label: 'anon', token: s.anonKey },
      { label: 'user', token: s.mintUserToken(randomUUID()) },
      { label: 'service_role', token: s.serviceRoleKey },
    ];
  });

  test('the gateway exposes the tables it is fuzzed over', () => {
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['profiles', 'projects']));
  });

  test(`every fuzzed request answers below 500 in PostgREST's error shape (seed ${SEED})`, async () => {
    const s = server();
    const rng = prng(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const table of tables) {
      for (let i = 0; i < PER_TABLE; i += 1) {
        const c = fuzzCase(rng, table, tables);
        const key = rng.pick(keys);
        let response: Response;
        try {
          response = await fetch(`${s.url}${c.path}`, {
            method: c.method,
            headers: { apikey: s.anonKey, Authorization: `Bearer ${key.token}`, ...c.headers },
            body: c.body,
          });
        } catch (error) {
          // A body over the server's limit is refused (413) before it has all arrived; closing a
          // connection with unread bytes resets it, so the client may fail while still writing.
          // That is a refusal, not a server error. Anything else is a failure.
          const code = (error as { cause?: { code?: string } }).cause?.code;
          const oversize = (c.body?.length ?? 0) > MAX_BODY_BYTES;
          if (oversize && (code === 'ECONNRESET' || code === 'EPIPE')) {
            sent += 1;
            continue;
          }
          throw error;
        }
        sent += 1;
        const text = await response.text();
        const replay = `${c.method} ${c.path.slice(0, 300)} as ${key.label} (body ${c.body?.length ?? 0} bytes)`;
        if (response.status >= 500) {
          failures.push(`${response.status} ${text.slice(0, 200)} <- ${replay}`);
          continue;
        }
        if (response.status < 400 || c.method === 'HEAD') continue;
        let error: Record<string, unknown> | undefined;
        try {
          error = JSON.parse(text) as Record<string, unknown>;
        } catch {
          error = undefined;
        }
        const shaped =
          error !== undefined &&
          Object.keys(error).sort().join() === 'code,details,hint,message' &&
          typeof error.code === 'string' &&
          typeof error.message === 'string' &&
          (error.details === null || typeof error.details === 'string') &&
          (error.hint === null || typeof error.hint === 'string');
        if (!shaped) failures.push(`not the error shape: ${text.slice(0, 200)} <- ${replay}`);
      }
    }
    expect(sent).toBe(tables.length * PER_TABLE);
    expect(failures).toEqual([]);
  });
});
