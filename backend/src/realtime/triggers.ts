import type { Db } from '../db/types.ts';

const triggerName = 'realtime_notify_change';
// One server at a time installs triggers (several instances may start on one database).
const installLockKey = 5432101;

interface Published {
  relation: string;
  pk: string[];
  installed: boolean;
}

// Every table in the publication, its primary key columns, and whether our trigger is on it.
const publishedSql = `
  select format('%I.%I', pt.schemaname, pt.tablename) as relation,
    coalesce((select array_agg(a.attname::text order by k.ord)
      from pg_index i
      cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = format('%I.%I', pt.schemaname, pt.tablename)::regclass and i.indisprimary),
      '{}') as pk,
    exists (select 1 from pg_trigger t
      where t.tgrelid = format('%I.%I', pt.schemaname, pt.tablename)::regclass
        and t.tgname = '${triggerName}') as installed
  from pg_publication_tables pt where pt.pubname = 'supabase_realtime'`;

const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Puts the change trigger on every table of the supabase_realtime publication that lacks it, so
 * adding a table to the publication is all a migration needs. Returns the tables it installed on.
 */
export async function installChangeTriggers(db: Db): Promise<string[]> {
  const missing = (await db.query<Published>(publishedSql)).rows.filter((row) => !row.installed);
  if (missing.length === 0) return [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [installLockKey]);
    for (const { relation, pk } of missing) {
      const args = pk.map(quoteLiteral).join(', ');
      await tx.exec(
        `create or replace trigger ${triggerName} after insert or update or delete on ${relation}
         for each row execute function realtime.notify_change(${args})`,
      );
    }
  });
  return missing.map((row) => row.relation);
}
