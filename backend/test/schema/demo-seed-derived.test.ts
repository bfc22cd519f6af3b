/**
 * The demo seed switches off the triggers that keep copies derived from profiles and plans while it
 * loads people in bulk, and rebuilds those copies afterwards (backend/src/seed/seed-db.ts). Search
 * and the home page read the copies, so they must be exactly what the triggers would have left:
 * the seeded database is compared with the triggers' own result after every profile is rewritten
 * with them switched on again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/config.ts';
import { openDb } from '../../src/db/open.ts';
import type { Db } from '../../src/db/types.ts';
import { runMigrations } from '../../src/migrate/migrate.ts';
import { generateDemoData, writeDemoData } from '../../src/seed/index.ts';
import { DEMO_PRO_EVERY } from '../../src/seed/seed-db.ts';
import { adminQuery, postgresAvailable } from '../support/test-server.ts';

jest.setTimeout(60_000);

const available = postgresAvailable();
if (!available) console.log('[test] SKIPPED demo seed derived state: no PostgreSQL on 5432');

const PROFESSIONALS = 120;

/** A fingerprint of the derived state: search cards, skill and category postings, typo vocabulary, plan perks and ratings. */
async function derivedState(db: Db) {
  const { rows } = await db.query<Record<string, string>>(`
    select
      (select md5(coalesce(string_agg(c::text, '|' order by c.id), '')) from public.search_cards c) as cards,
      (select count(*) from public.search_cards) as card_count,
      (select md5(coalesce(string_agg(m.skill || ':' || m.id || ':' || m.prior || ':' || m.town || ':' || m.remote,
         '|' order by m.skill, m.id), ''))
         from public.match_skill_postings m) as postings,
      (select count(*) from public.match_skill_postings) as posting_count,
      (select md5(coalesce(string_agg(concat_ws(':', m.category, m.id, m.town, m.remote, m.verified, m.rating, m.review_count),
         '|' order by m.category, m.id), ''))
         from public.match_category_postings m) as category_postings,
      (select count(*) from public.match_category_postings) as category_posting_count,
      (select md5(coalesce(string_agg(w.word || ':' || w.trigram_count, '|' order by w.word), ''))
         from public.search_words w) as words,
      (select count(*) from public.search_word_trigrams) as trigrams,
      (select md5(coalesce(string_agg(p.id || ':' || p.featured || p.pro_badge, '|' order by p.id), ''))
         from public.profiles p) as perks,
      (select count(*) from public.profiles where featured) as featured,
      (select md5(coalesce(string_agg(p.id || ':' || p.rating || '/' || p.review_count, '|' order by p.id), ''))
         from public.profiles p) as ratings,
      (select count(*) from public.profiles where review_count > 0) as reviewed`);
  return rows[0];
}

(available ? describe : describe.skip)('demo seed: derived state [postgres]', () => {
  const dbName = `c_demo_seed_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-demo-seed-'));
  let db: Db;
  let indexesBefore: string[];
  const profileIndexes = async () =>
    (
      await db.query<{ definition: string }>(
        `select pg_get_indexdef(indexrelid) as definition from pg_index
         where indrelid = 'public.profiles'::regclass order by 1`,
      )
    ).rows.map((row) => row.definition);

  beforeAll(async () => {
    await adminQuery(`create database ${dbName}`);
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}`,
      DATA_DIR: dataDir,
    });
    db = await openDb(config);
    await runMigrations(db, config);
    indexesBefore = await profileIndexes();
    await writeDemoData(db, generateDemoData(PROFESSIONALS));
  });

  afterAll(async () => {
    await db?.close();
    await adminQuery(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('every demo professional is listed for search, the Pro ones featured, with their words known', async () => {
    const state = await derivedState(db);
    expect(Number(state.card_count)).toBe(PROFESSIONALS);
    expect(Number(state.featured)).toBe(Math.ceil(PROFESSIONALS / DEMO_PRO_EVERY));
    expect(Number(state.reviewed)).toBeGreaterThan(0);
    expect(Number(state.posting_count)).toBeGreaterThan(PROFESSIONALS);
    const { rows } = await db.query<{ missing: string }>(
      `select count(*) as missing from public.profiles p,
         regexp_split_to_table(p.search_text, '[^[:alnum:]]+') w
       where p.account_type = 'professional' and char_length(w) between 3 and 60
         and not exists (select 1 from public.search_words s where s.word = w)`,
    );
    expect(Number(rows[0].missing)).toBe(0);
  });

  test('the triggers are on again and, rewriting every review, plan and profile, change nothing', async () => {
    const { rows } = await db.query<{ tgname: string; tgenabled: string }>(
      `select tgname, tgenabled from pg_trigger
       where tgrelid in ('public.profiles'::regclass, 'public.user_subscriptions'::regclass)
         and not tgisinternal and tgenabled <> 'O'`,
    );
    expect(rows).toEqual([]);
    // the GIN indexes it dropped for the bulk load are back, as declared
    expect(await profileIndexes()).toEqual(indexesBefore);
    const seeded = await derivedState(db);
    // every statement trigger on profiles sees every row, every subscription refreshes its perks,
    // every review its professional's rating
    await db.query('update public.reviews set rating = rating');
    await db.query('update public.user_subscriptions set plan_type = plan_type');
    await db.query('update public.profiles set name = name');
    expect(await derivedState(db)).toEqual(seeded);
  });

  test("a professional's postings follow their profile: skills, categories, town, role and removal", async () => {
    const { rows } = await db.query<{ id: string; skill: string; categories: string[] }>(
      `select id, lower(skills[1]) as skill, array(select distinct c from unnest(categories) c order by c) as categories
       from public.profiles
       where account_type = 'professional' and cardinality(skills) >= 2 and cardinality(categories) >= 1
       order by id limit 1`,
    );
    const pro = rows[0] as { id: string; skill: string; categories: string[] };
    const postingsIn = async (q: Pick<Db, 'query'>) =>
      (
        await q.query<{ kind: string; key: string; town: string }>(
          `select 'category' as kind, category as key, town from public.match_category_postings where id = $1
           union all
           select 'skill', skill, town from public.match_skill_postings where id = $1
           order by 1, 2`,
          [pro.id],
        )
      ).rows;
    await db.query(
      `update public.profiles set skills = skills[1:1], location = 'Leeds, West Yorkshire' where id = $1`,
      [pro.id],
    );
    expect(await postingsIn(db)).toEqual([
      ...pro.categories.map((key) => ({ kind: 'category', key, town: 'leeds' })),
      { kind: 'skill', key: pro.skill, town: 'leeds' },
    ]);
    await db.query(`update public.profiles set categories = '{}' where id = $1`, [pro.id]);
    expect(await postingsIn(db)).toEqual([{ kind: 'skill', key: pro.skill, town: 'leeds' }]);

    // Each of these is rolled back: the database stays as the other tests expect it.
    const rolledBack = new Error('roll back');
    for (const change of [
      `update public.profiles set account_type = 'business' where id = $1`,
      `delete from public.profiles where id = $1`,
    ]) {
      let after: Awaited<ReturnType<typeof postingsIn>> | undefined;
      await expect(
        db.transaction(async (tx) => {
          await tx.query(change, [pro.id]);
          after = await postingsIn(tx);
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      expect({ change, after }).toEqual({ change, after: [] });
    }
  });
});
