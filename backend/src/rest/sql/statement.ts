import type { OutputFormat } from '../parse/media.ts';
import type { QueryParts } from '../parse/query.ts';
import type { Table } from '../schema-cache.ts';
import { qualified, type SqlContext } from './context.ts';
import { levelWhere, orderAndPage, rootSelectList, type Level } from './read.ts';

export interface ReadOptions {
  /** Compute the total count (Prefer: count=…). */
  count: boolean;
  /** Return the first row as an object instead of an array. */
  singular: boolean;
  /** Read from this instead of the table itself (a data-modifying CTE, a function call). */
  from?: string;
  /** CTEs placed before the read, e.g. `pgrst_mut as (insert … returning …)`. */
  ctes?: string[];
  /** Mutations select every returned row: filters and paging were applied by the mutation. */
  filtered?: boolean;
  /** Extra result columns, e.g. `(…) as inserted`. */
  extraOutputs?: string;
  /** CSV or GeoJSON instead of JSON, or JSON without null-valued keys (the Accept header). */
  format?: Pick<OutputFormat, 'csv' | 'stripNulls' | 'geoJson'>;
}

/**
 * The response body from the page's rows. CSV is PostgREST's: a header of the column names, then
 * each row's record text without its parentheses (strings quoted as PostgreSQL quotes them).
 */
function bodySql(ctx: SqlContext, options: ReadOptions): string {
  if (options.format?.geoJson && ctx.cache.geoJsonFunction) {
    // PostGIS's ST_AsGeoJSON(record) makes each row a Feature: its first geometry column is the
    // geometry, the other columns its properties; PostgREST wraps them the same way.
    const feature = `${ctx.cache.geoJsonFunction}(_pgrst_t)::json`;
    return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(${feature}), '[]'))::text`;
  }
  if (options.format?.csv) {
    const header = `(select coalesce(string_agg(k, ','), '') from (select json_object_keys(row_to_json(h)) as k from (select * from pgrst_source limit 1) h) _pgrst_h)`;
    const rows = `string_agg(substring(_pgrst_t::text, 2, length(_pgrst_t::text) - 2), chr(10))`;
    return `${header} || coalesce(chr(10) || ${rows}, '')`;
  }
  const row = options.format?.stripNulls ? 'json_strip_nulls(to_json(_pgrst_t))' : '_pgrst_t';
  return options.singular
    ? `(json_agg(${row}) -> 0)::text`
    : `coalesce(json_agg(${row}), '[]')::text`;
}

/** Columns of every statement the gateway runs: total count, rows in this page, JSON body. */
export interface ResultRow {
  total: string | number | null;
  page_total: string | number;
  body: string | null;
  inserted?: string | number | null;
}

/**
 * The one SELECT that answers a read, PostgREST-style: the page as a CTE, its JSON aggregate,
 * and, when asked for, the total count under the same filters.
 */
export function buildRead(
  ctx: SqlContext,
  parts: QueryParts,
  table: Table,
  options: ReadOptions,
): string {
  const level: Level = { table, alias: 't0', path: '', select: parts.select };
  const from = `${options.from ?? qualified(table)} as "t0"`;
  const { list, group } = rootSelectList(ctx, parts, level);
  const conditions = options.filtered ? [] : levelWhere(ctx, parts, level);
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  const tail = options.filtered
    ? orderAndPage(ctx, parts, level, true)
    : orderAndPage(ctx, parts, level);
  const total = options.count ? `(select count(*) from ${from}${where})::int8` : 'null::int8';
  const body = bodySql(ctx, options);
  const ctes = [
    ...(options.ctes ?? []),
    `pgrst_source as (select ${list} from ${from}${where}${group}${tail})`,
  ];
  return `with ${ctes.join(', ')} select ${total} as total, count(*)::int8 as page_total, ${body} as body${options.extraOutputs ?? ''} from pgrst_source _pgrst_t`;
}
