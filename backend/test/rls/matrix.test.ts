/**
 * The row-level-security matrix: for every table, exactly which of anon, professional p1,
 * professional p2, business b, admin and super_admin can select, insert, update and delete each
 * kind of row — and nothing more. Driven through @supabase/supabase-js against the real server,
 * with the database's own state (read by the service role) as the judge of what happened.
 * The specs are data: backend/test/support/fixtures-rls-matrix-*.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describeEachDb } from '../support/test-server.ts';
import { canDelete, canInsert, canSelect, canUpdate } from '../support/fixtures-rls-ops.ts';
import { allSpecs } from '../support/fixtures-rls-specs.ts';
import { ACTORS, type Actor } from '../support/fixtures-rls-types.ts';
import { buildWorld, type MatrixContext } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

/**
 * Table names from the generated types, which gen-db-types.ts reads from the catalog: a new
 * table without a spec fails here instead of going untested.
 */
function generatedTableNames(): string[] {
  const source = readFileSync(
    path.resolve(__dirname, '../../..', 'shared/src/db/database.types.ts'),
    'utf8',
  );
  const block = source.slice(source.indexOf('    Tables: {'), source.indexOf('    Views: '));
  return [...block.matchAll(/^ {6}(\w+): \{$/gm)].map((m) => m[1]).sort();
}

type Outcome = Record<Actor, 'allowed' | 'denied'>;

const expected = (allowed: readonly Actor[]): Outcome =>
  Object.fromEntries(ACTORS.map((a) => [a, allowed.includes(a) ? 'allowed' : 'denied'])) as Outcome;

/** Tries as each actor in turn (sequentially: every attempt restores the world it found). */
async function outcome(attempt: (actor: Actor) => Promise<boolean>): Promise<Outcome> {
  const result = {} as Outcome;
  for (const actor of ACTORS) result[actor] = (await attempt(actor)) ? 'allowed' : 'denied';
  return result;
}

describeEachDb('RLS matrix', ({ server }) => {
  let ctx: MatrixContext;
  beforeAll(async () => {
    ctx = await buildWorld(server(), allSpecs);
  }, 120_000);

  test('every table in public has a spec, and every spec covers all four operations', async () => {
    const tables = new Set(allSpecs.map((s) => s.table));
    expect(tables.size).toBe(allSpecs.length);
    expect([...tables].sort()).toEqual(generatedTableNames());
    for (const spec of allSpecs) {
      expect([
        spec.table,
        spec.insert.length > 0,
        spec.update.length > 0,
        spec.delete.length > 0,
      ]).toEqual([spec.table, true, true, true]);
    }
    // Each table answers the service role through the gateway, so the names are real.
    for (const table of tables) {
      const { error } = await ctx.service.from(table).select('*', { head: true, count: 'exact' });
      expect([table, error?.message ?? null]).toEqual([table, null]);
    }
  });

  for (const spec of allSpecs) {
    describe(spec.table, () => {
      for (const c of spec.select) {
        test(`select ${c.label}`, async () => {
          expect(await outcome((a) => canSelect(ctx, spec, c, a))).toEqual(expected(c.actors));
        });
      }
      for (const c of spec.insert) {
        test(`insert ${c.label}`, async () => {
          expect(await outcome((a) => canInsert(ctx, spec, c, a))).toEqual(expected(c.allowed));
        });
      }
      for (const c of spec.update) {
        test(`update ${c.label}`, async () => {
          expect(await outcome((a) => canUpdate(ctx, spec, c, a))).toEqual(expected(c.allowed));
        });
      }
      for (const c of spec.delete) {
        test(`delete ${c.label}`, async () => {
          expect(await outcome((a) => canDelete(ctx, spec, c, a))).toEqual(expected(c.allowed));
        });
      }
    });
  }
});
