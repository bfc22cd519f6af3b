import { badRequest } from '../errors.ts';
import { columnOutput, type OutputColumn } from './columns.ts';
import type { Condition } from '../parse/filters.ts';
import type { QueryParts } from '../parse/query.ts';
import type { EmbedItem, SelectItem } from '../parse/select.ts';
import type { Table } from '../schema-cache.ts';
import { fieldSql, filterSql } from './conditions.ts';
import { ident, qualified, type SqlContext } from './context.ts';
import { resolveRelation, type Relation } from './relations.ts';

/** One table in the select tree: where it is read from and under which path its params arrive. */
export interface Level {
  table: Table;
  alias: string;
  /** '' for the root, 'author' or 'author.posts' for embeds. */
  path: string;
  select: SelectItem[];
}

const embedName = (embed: EmbedItem) => embed.alias ?? embed.relation;
const childPath = (level: Level, embed: EmbedItem) =>
  level.path ? `${level.path}.${embedName(embed)}` : embedName(embed);

/** WHERE conditions of an embedded level's rows, joined to their parent row. */
function joinedWhere(
  ctx: SqlContext,
  parts: QueryParts,
  parent: Level,
  child: Level,
  rel: Relation,
): string[] {
  const join = rel.pairs.map(
    ([p, c]) => `${ident(child.alias)}.${ident(c)} = ${ident(parent.alias)}.${ident(p)}`,
  );
  if (rel.junction) {
    const j = ctx.alias();
    const on = [
      ...rel.junction.parentPairs.map(
        ([p, jc]) => `${ident(j)}.${ident(jc)} = ${ident(parent.alias)}.${ident(p)}`,
      ),
      ...rel.junction.targetPairs.map(
        ([t, jc]) => `${ident(j)}.${ident(jc)} = ${ident(child.alias)}.${ident(t)}`,
      ),
    ];
    join.push(
      `exists (select 1 from ${qualified(rel.junction.table)} as ${ident(j)} where ${on.join(' and ')})`,
    );
  }
  return [...join, ...levelWhere(ctx, parts, child)];
}

function embedOutputs(
  ctx: SqlContext,
  parts: QueryParts,
  parent: Level,
  embed: EmbedItem,
): OutputColumn[] {
  const rel = resolveRelation(ctx.cache, parent.table, embed);
  const child: Level = {
    table: rel.target,
    alias: ctx.alias(),
    path: childPath(parent, embed),
    select: embed.children,
  };
  const from = `${qualified(rel.target)} as ${ident(child.alias)}`;
  if (embed.spread) {
    if (!rel.toOne)
      throw badRequest(`spread of a to-many relationship '${embed.relation}' is not supported`);
    return selectOutputs(ctx, parts, child, true).map((col) => {
      const where = joinedWhere(ctx, parts, parent, { ...child }, rel).join(' and ');
      return { expr: `(select ${col.expr} from ${from} where ${where} limit 1)`, name: col.name };
    });
  }
  const list = renderList(selectOutputs(ctx, parts, child, false));
  const where = joinedWhere(ctx, parts, parent, child, rel).join(' and ');
  const row = `${child.alias}_r`;
  if (rel.toOne) {
    return [
      {
        expr: `(select to_json(${row}) from (select ${list} from ${from} where ${where} limit 1) ${row})`,
        name: embedName(embed),
      },
    ];
  }
  const tail = orderAndPage(ctx, parts, child);
  return [
    {
      expr: `(select coalesce(json_agg(${row}), '[]') from (select ${list} from ${from} where ${where}${tail}) ${row})`,
      name: embedName(embed),
    },
  ];
}

/** The output columns of a level; `expandStar` lists columns one by one (needed for spreads). */
function selectOutputs(
  ctx: SqlContext,
  parts: QueryParts,
  level: Level,
  expandStar: boolean,
): OutputColumn[] {
  return level.select.flatMap((item): OutputColumn[] => {
    if (item.kind === 'column') return [columnOutput(ctx, level, item)];
    if (item.kind === 'embed') return embedOutputs(ctx, parts, level, item);
    if (!expandStar) return [{ expr: `${ident(level.alias)}.*`, name: undefined }];
    return [...level.table.columns.keys()].map((name) => ({
      expr: `${ident(level.alias)}.${ident(name)}`,
      name,
    }));
  });
}

function renderList(outputs: OutputColumn[]): string {
  // Zero columns (`select=`) is valid SQL and yields `{}` per row, as PostgREST does.
  if (outputs.length === 0) return '';
  return outputs
    .map((o) => (o.name === undefined ? o.expr : `${o.expr} as ${ident(o.name)}`))
    .join(', ');
}

/** `exists (…)` for `!inner` embeds and `rel=is.null` / `rel=not.is.null` filters. */
function embedExists(ctx: SqlContext, parts: QueryParts, level: Level, embed: EmbedItem): string {
  const rel = resolveRelation(ctx.cache, level.table, embed);
  const child: Level = {
    table: rel.target,
    alias: ctx.alias(),
    path: childPath(level, embed),
    select: [],
  };
  const where = joinedWhere(ctx, parts, level, child, rel).join(' and ');
  return `exists (select 1 from ${qualified(rel.target)} as ${ident(child.alias)} where ${where})`;
}

function embedNullFilter(level: Level, cond: Condition): EmbedItem | undefined {
  if (cond.op !== 'is' || cond.field.jsonPath.length > 0) return undefined;
  const value = String(cond.value).toLowerCase();
  if (value !== 'null' && value !== 'not_null') return undefined;
  return level.select.find(
    (i): i is EmbedItem => i.kind === 'embed' && embedName(i) === cond.field.name,
  );
}

/** The WHERE conditions of a level: its filters, `!inner` embeds and embed null checks. */
export function levelWhere(ctx: SqlContext, parts: QueryParts, level: Level): string[] {
  const conditions: string[] = [];
  for (const filter of parts.filters.get(level.path) ?? []) {
    const embed = filter.kind === 'cond' ? embedNullFilter(level, filter) : undefined;
    if (embed && filter.kind === 'cond') {
      const wantsNull = (String(filter.value).toLowerCase() === 'null') !== filter.negate;
      const exists = embedExists(ctx, parts, level, embed);
      conditions.push(wantsNull ? `not ${exists}` : exists);
    } else conditions.push(filterSql(ctx, level.table, level.alias, filter));
  }
  for (const item of level.select) {
    if (item.kind === 'embed' && item.inner) conditions.push(embedExists(ctx, parts, level, item));
  }
  return conditions;
}

/** ORDER BY, LIMIT and OFFSET of a level, with limit/offset as parameters. */
export function orderAndPage(
  ctx: SqlContext,
  parts: QueryParts,
  level: Level,
  skipPaging = false,
): string {
  const terms = (parts.order.get(level.path) ?? []).map((term) => {
    const field = fieldSql(ctx, level.table, level.alias, term.field);
    return `${field.sql} ${term.desc ? 'desc' : 'asc'}${term.nulls ? ` nulls ${term.nulls}` : ''}`;
  });
  let sql = terms.length > 0 ? ` order by ${terms.join(', ')}` : '';
  if (skipPaging) return sql;
  const limit = parts.limit.get(level.path);
  const offset = parts.offset.get(level.path);
  if (limit !== undefined) sql += ` limit ${ctx.param(limit)}::int8`;
  if (offset !== undefined) sql += ` offset ${ctx.param(offset)}::int8`;
  return sql;
}

/** The select list of the root level. */
export function rootSelectList(ctx: SqlContext, parts: QueryParts, level: Level): string {
  return renderList(selectOutputs(ctx, parts, level, false));
}
