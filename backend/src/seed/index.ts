import type { Db } from '../db/types.ts';
import { generateDemoData } from './generate.ts';
import { writeDemoData, type SeedReport } from './seed-db.ts';

export { DEFAULT_SEED, generateDemoData } from './generate.ts';
export { DEMO_PASSWORD, writeDemoData, type SeedReport } from './seed-db.ts';

/**
 * `npm start` seeds demo professionals into an EMPTY database only (SEED_DEMO_PROFESSIONALS=N):
 * a database that already has people in it is never touched.
 */
export async function seedDemoDataIfEmpty(
  db: Db,
  requested: string | undefined,
): Promise<SeedReport | undefined> {
  const count = Number.parseInt(requested ?? '', 10);
  if (!Number.isFinite(count) || count <= 0) return undefined;
  const { rows } = await db.query<{ empty: boolean }>(
    'select not exists (select 1 from public.profiles) as empty',
  );
  if (!rows[0]?.empty) return undefined;
  return writeDemoData(db, generateDemoData(count));
}
