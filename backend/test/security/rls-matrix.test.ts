/**
 * The access matrix against the catalog: everything the API can reach (tables, views and
 * functions of the public schema, storage buckets) must have an entry in rls-matrix.ts, every
 * table must have row-level security enabled, and each entry is checked through the REST gateway
 * and the storage API as anon, a professional, a business, an admin (no area, every area), one
 * admin per portal area and a super admin.
 * Row-by-row rules per table are backend/test/rls/matrix.test.ts; this file is the coverage net
 * that makes a new table, function or bucket fail CI until someone states who may use it.
 */
import { allSpecs } from '../support/fixtures-rls-specs.ts';
import type { Actor } from '../support/fixtures-rls-types.ts';
import { buildWorld, type MatrixContext } from '../support/fixtures-rls-world.ts';
import { describeEachDb } from '../support/test-server.ts';
import type { Catalog } from './catalog.ts';
import { readCatalog } from './read-catalog.ts';
import {
  AREA_ROLES,
  buckets,
  functions,
  ROLES,
  tables,
  views,
  type AreaRole,
  type Role,
} from './rls-matrix.ts';

jest.setTimeout(120_000);

const MATRIX = 'backend/test/security/rls-matrix.ts';

/** The matrix world's users standing for each role. */
const ACTORS_OF: Record<Role, Actor[]> = {
  anon: ['anon'],
  professional: ['p1', 'p2'],
  business: ['b'],
  admin: ['admin0', 'admin'],
  // each area's admin signs in as the world's user of the same name (one area each)
  ...(Object.fromEntries(AREA_ROLES.map((role) => [role, [role]])) as Record<AreaRole, Actor[]>),
  super_admin: ['super'],
};
const ROLE_OF = Object.fromEntries(
  Object.entries(ACTORS_OF).flatMap(([role, actors]) => actors.map((a) => [a, role])),
) as Record<Actor, Role>;

/** Names in the catalog without an entry, and entries naming nothing in the catalog. */
function coverage(kind: string, inCatalog: string[], inMatrix: string[]): string[] {
  const listed = new Set(inMatrix);
  const present = new Set(inCatalog);
  return [
    ...inCatalog
      .filter((name) => !listed.has(name))
      .map(
        (name) =>
          `${kind} "${name}" has no entry: add one to ${MATRIX} stating who may use it (see the file header)`,
      ),
    ...inMatrix
      .filter((name) => !present.has(name))
      .map((name) => `${kind} "${name}" is in ${MATRIX} but not in the database: remove its entry`),
  ];
}

describeEachDb('access matrix from the catalog', ({ server }) => {
  let catalog: Catalog;
  let ctx: MatrixContext;
  const tokens = {} as Record<Actor, string>;

  beforeAll(async () => {
    catalog = readCatalog(server());
    ctx = await buildWorld(server(), allSpecs);
    for (const [actor, client] of Object.entries(ctx.as) as [Actor, (typeof ctx.as)['anon']][]) {
      const { data } = await client.auth.getSession();
      tokens[actor] = data.session?.access_token ?? server().anonKey;
    }
  }, 240_000);

  const call = (actor: Actor, pathAndQuery: string, init: RequestInit = {}) =>
    fetch(`${server().url}${pathAndQuery}`, {
      ...init,
      headers: {
        apikey: server().anonKey,
        Authorization: `Bearer ${tokens[actor]}`,
        'Content-Type': 'application/json',
        ...(init.headers as Record<string, string>),
      },
    });

  test('every table, view, function and bucket in the catalog has an entry', () => {
    const problems = [
      ...coverage(
        'table',
        catalog.tables.map((t) => t.name),
        Object.keys(tables),
      ),
      ...coverage('view', catalog.views, Object.keys(views)),
      ...coverage(
        'function',
        catalog.functions.map((f) => f.name),
        Object.keys(functions),
      ),
      ...coverage(
        'bucket',
        catalog.buckets.map((b) => b.id),
        Object.keys(buckets),
      ),
    ];
    expect(problems).toEqual([]);
  });

  test('every table has row-level security enabled', () => {
    const without = catalog.tables
      .filter((t) => !t.rls)
      .map((t) => `table "${t.name}": alter table public.${t.name} enable row level security`);
    expect(without).toEqual([]);
  });

  test('each table lists every role its row-level spec allows (backend/test/support/fixtures-rls-matrix-*.ts)', () => {
    const mismatches: string[] = [];
    for (const [table, access] of Object.entries(tables)) {
      const spec = allSpecs.find((s) => s.table === table);
      if (!spec) {
        mismatches.push(`table "${table}" has no row-level spec in allSpecs`);
        continue;
      }
      const derived = {
        select: spec.select.flatMap((c) => c.actors),
        insert: spec.insert.flatMap((c) => c.allowed),
        update: spec.update.flatMap((c) => c.allowed),
        delete: spec.delete.flatMap((c) => c.allowed),
      };
      for (const op of ['select', 'insert', 'update', 'delete'] as const) {
        const fromSpec = ROLES.filter((r) => derived[op].some((a) => ROLE_OF[a] === r));
        const missing = fromSpec.filter((r) => !access[op].includes(r));
        if (missing.length > 0)
          mismatches.push(`${table}.${op}: the spec lets [${missing}] do it, the matrix does not`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  test('tables and views: a role without select reads no row, through the gateway', async () => {
    const wrong: string[] = [];
    const readable = { ...views, ...tables } as Record<string, { select: readonly string[] }>;
    for (const [name, access] of Object.entries(readable)) {
      for (const role of ROLES) {
        let seen = 0;
        for (const actor of ACTORS_OF[role]) {
          const response = await call(actor, `/rest/v1/${name}?select=*`, {
            method: 'HEAD',
            headers: { Prefer: 'count=exact' },
          });
          if (response.status >= 500) wrong.push(`${name} as ${actor}: HTTP ${response.status}`);
          if (response.ok)
            seen += Number(response.headers.get('content-range')?.split('/')[1] ?? 0);
        }
        if (!access.select.includes(role) && seen > 0)
          wrong.push(`${name}: ${role} sees ${seen} rows, matrix says select [${access.select}]`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('tables: roles without update or delete change no row, through the gateway', async () => {
    const wrong: string[] = [];
    for (const [table, access] of Object.entries(tables)) {
      const spec = allSpecs.find((s) => s.table === table)!;
      const everyRow = `${spec.key[0]}=not.is.null`;
      const patch = spec.update[0]?.patch(ctx.world) ?? {};
      for (const role of ROLES) {
        for (const actor of ACTORS_OF[role]) {
          const attempts = [
            ['update', 'PATCH', JSON.stringify(patch)],
            ['delete', 'DELETE', undefined],
          ] as const;
          for (const [op, method, body] of attempts) {
            if (access[op].includes(role)) continue;
            const response = await call(actor, `/rest/v1/${table}?${everyRow}`, {
              method,
              body,
              // Nothing is kept, whatever happens.
              headers: { Prefer: 'tx=rollback, return=minimal, count=exact' },
            });
            const changed = response.ok
              ? Number(response.headers.get('content-range')?.split('/')[1] ?? 0)
              : 0;
            if (response.status >= 500 || changed > 0)
              wrong.push(`${op} ${table} as ${actor}: HTTP ${response.status}, ${changed} rows`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  test('functions: EXECUTE granted exactly as the matrix says, and refused through the gateway', async () => {
    const wrong: string[] = [];
    for (const fn of catalog.functions) {
      const stated = functions[fn.name];
      if (!stated) continue; // reported by the coverage test
      const actual = fn.anon ? 'public' : fn.authenticated ? 'signed-in' : 'server';
      if (actual !== stated) wrong.push(`${fn.name}: granted to ${actual}, matrix says ${stated}`);
      const refused: Actor[] =
        stated === 'public' ? [] : stated === 'signed-in' ? ['anon'] : ['anon', 'p1'];
      const body = JSON.stringify(Object.fromEntries(fn.args.map((a) => [a, null])));
      for (const actor of refused) {
        const response = await call(actor, `/rest/v1/rpc/${fn.name}`, {
          method: 'POST',
          body,
          headers: { Prefer: 'tx=rollback' },
        });
        const answer = (await response.json()) as { code?: string };
        const expected = actor === 'anon' ? 401 : 403;
        if (response.status !== expected || answer.code !== '42501')
          wrong.push(`${fn.name} as ${actor}: HTTP ${response.status} ${answer.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('buckets: public flag and uploads into your own folder as the matrix says', async () => {
    const wrong: string[] = [];
    for (const bucket of catalog.buckets) {
      const stated = buckets[bucket.id];
      if (!stated) continue; // reported by the coverage test
      if (bucket.public !== stated.public)
        wrong.push(`${bucket.id}: public is ${bucket.public}, matrix says ${stated.public}`);
      for (const role of ROLES) {
        for (const actor of ACTORS_OF[role]) {
          const folder = ctx.world.me(actor) ?? ctx.world.user.p1;
          const object = `${folder}/rls-matrix-${actor}.${stated.probe.extension}`;
          const response = await call(actor, `/storage/v1/object/${bucket.id}/${object}`, {
            method: 'POST',
            body: 'probe',
            headers: { 'Content-Type': stated.probe.contentType },
          });
          const allowed = stated.uploadOwnFolder.includes(role);
          if (response.status >= 500 || response.ok !== allowed)
            wrong.push(`upload to ${bucket.id} as ${actor}: HTTP ${response.status}`);
          if (response.ok) await ctx.service.storage.from(bucket.id).remove([object]);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
