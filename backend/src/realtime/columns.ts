import type { Queryable } from '../db/types.ts';

export interface Column {
  name: string;
  type: string;
}

// pg_type names (int8, uuid, timestamptz, _text ...) are what realtime-js converts values by.
const columnsSql = `
  select a.attname as name, t.typname as type
  from pg_attribute a join pg_type t on t.oid = a.atttypid
  where a.attrelid = format('%I.%I', $1::text, $2::text)::regclass and a.attnum > 0 and not a.attisdropped
  order by a.attnum`;

/** Column names and types of published tables, read once per table. */
export class ColumnCache {
  private readonly cache = new Map<string, Promise<Column[]>>();

  constructor(private readonly db: Queryable) {}

  get(schema: string, table: string): Promise<Column[]> {
    const key = `${schema}.${table}`;
    let columns = this.cache.get(key);
    if (!columns) {
      columns = this.db.query<Column>(columnsSql, [schema, table]).then((r) => r.rows);
      columns.catch(() => this.cache.delete(key));
      this.cache.set(key, columns);
    }
    return columns;
  }
}
