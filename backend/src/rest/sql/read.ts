import { PgrstError } from '../errors.ts';
import { columnOutput, isLegacyCount, withAggregateArg, type OutputColumn } from './columns.ts';
import type { Condition } from '../parse/filters.ts';
import type { QueryParts } from '../parse/query.ts';
import type { EmbedItem, SelectItem } from '../parse/select.ts';
import type { FieldRef } from '../parse/split.ts';
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

/** FROM of an embedded level: the target table, or a computed relationship's function call. */
function relationFrom(rel: Relation, parent: Level, child: Level): string {
  const source = rel.computed
    ? `${qualified(rel.computed)}(${ident(parent.alias)})`
    : qualified(rel.target);
  return `${source} as ${ident(child.alias)}`;
}

const whereSql = (conditions: string[]) =>
  conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';

/** Whether a level aggregates: an aggregate column, or one hoisted out of a to-one spread. */
function levelAggregates(ctx: SqlContext, table: Table, select: SelectItem[]): boolean {
  return select.some((item) => {
    if (item.kind === 'column') return item.aggregate !== undefined || isLegacyCount(table, item);
    if (item.kind !== 'embed' || !item.spread) return false;
    const rel = resolveRelation(ctx.cache, table, item);
    return rel.toOne && levelAggregates(ctx, rel.target, item.children);
  });
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
  const from = relationFrom(rel, parent, child);
  if (embed.spread && rel.toOne) {
    // Each column is read from the one related row; aggregates are hoisted to the parent level.
    return selectOutputs(ctx, parts, child, true).map((col) => {
      const where = whereSql(joinedWhere(ctx, parts, parent, child, rel));
      const scalar = (expr: string) => `(select ${expr} from ${from}${where} limit 1)`;
      if (col.aggregate) return withAggregateArg(col, scalar(col.aggregate.arg ?? '1'));
      return { expr: scalar(col.expr), name: col.name };
    });
  }
  if (embed.spread) {
    if (ctx.postgrestVersion === 12) throw toManySpread(parent.table, rel.target);
    // PostgREST 13: a to-many spread turns each column into an array, correlated by position.
    if (levelAggregates(ctx, child.table, child.select)) {
      throw new PgrstError(
        400,
        'PGRST127',
        'Feature not implemented',
        'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      );
    }
    const outputs = selectOutputs(ctx, parts, child, true);
    const where = whereSql(joinedWhere(ctx, parts, parent, child, rel));
    const tail = orderAndPage(ctx, parts, child, false, stableOrder(child));
    const row = `${child.alias}_r`;
    const rows = `(select ${renderList(outputs)} from ${from}${where}${tail}) ${row}`;
    return outputs.map((col) => ({
      expr: `(select coalesce(json_agg(${ident(row)}.${ident(col.name ?? '')}), '[]') from ${rows})`,
      name: col.name,
    }));
  }
  const aggregates = levelAggregates(ctx, child.table, child.select);
  const outputs = selectOutputs(ctx, parts, child, aggregates);
  const where = whereSql(joinedWhere(ctx, parts, parent, child, rel));
  const group = groupBy(outputs);
  const row = `${child.alias}_r`;
  if (rel.toOne) {
    return [
      {
        expr: `(select to_json(${row}) from (select ${renderList(outputs)} from ${from}${where}${group} limit 1) ${row})`,
        name: embedName(embed),
        json: true,
      },
    ];
  }
  const tail = orderAndPage(ctx, parts, child);
  return [
    {
      expr: `(select coalesce(json_agg(${row}), '[]') from (select ${renderList(outputs)} from ${from}${where}${group}${tail}) ${row})`,
      name: embedName(embed),
      json: true,
    },
  ];
}

/** PostgREST 12's refusal of a spread over a to-many relation. */
const toManySpread = (parent: Table, target: Table) =>
  new PgrstError(
    400,
    'PGRST119',
    `A spread operation on '${target.name}' is not possible`,
    `'${parent.name}' and '${target.name}' do not form a many-to-one or one-to-one relationship`,
  );

/** The primary key, so the arrays of a to-many spread line up when no order is given. */
function stableOrder(level: Level): string {
  const keys = level.table.primaryKey.map((c) => `${ident(level.alias)}.${ident(c)}`);
  return keys.join(', ');
}

/**
 * GROUP BY every non-aggregate output (by position), when the level has an aggregate. Embeds
 * become jsonb there, as json has no equality (PostgREST renders them as jsonb too).
 */
export function groupBy(outputs: OutputColumn[]): string {
  if (!outputs.some((o) => o.aggregate)) return '';
  for (const o of outputs) if (o.json) o.expr = `(${o.expr})::jsonb`;
  const positions = outputs.flatMap((o, i) => (o.aggregate ? [] : [String(i + 1)]));
  return positions.length > 0 ? ` group by ${positions.join(', ')}` : '';
}

/**
 * Two embeds of one level under one name (`users!first_user(*),users!second_user(*)`) would give
 * the row one key twice; PostgREST refuses them with the error PostgreSQL gives for its two joins
 * of the same alias. An alias (`first:users!first_user(*)`) tells them apart.
 */
function rejectSameNamedEmbeds(level: Level) {
  const seen = new Set<string>();
  for (const item of level.select) {
    if (item.kind !== 'embed' || item.spread || item.children.length === 0) continue;
    const name = embedName(item);
    if (seen.has(name)) {
      const depth = level.path ? level.path.split('.').length + 1 : 1;
      throw new PgrstError(
        400,
        '42712',
        `table name "${level.table.name}_${name}_${depth}" specified more than once`,
      );
    }
    seen.add(name);
  }
}

/** The output columns of a level; `expandStar` lists columns one by one (spreads, aggregates). */
function selectOutputs(
  ctx: SqlContext,
  parts: QueryParts,
  level: Level,
  expandStar: boolean,
): OutputColumn[] {
  rejectSameNamedEmbeds(level);
  return level.select.flatMap((item): OutputColumn[] => {
    if (item.kind === 'column') return [columnOutput(ctx, level, item)];
    if (item.kind === 'embed') {
      // An embed without fields (`rel()`) only filters; it is not part of the output.
      if (item.children.length === 0 && !item.spread) {
        resolveRelation(ctx.cache, level.table, item); // still PGRST200/201 when it is unknown
        return [];
      }
      return embedOutputs(ctx, parts, level, item);
    }
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
  const where = whereSql(joinedWhere(ctx, parts, level, child, rel));
  return `exists (select 1 from ${relationFrom(rel, level, child)}${where})`;
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

/** `order=rel(col)`: the column of the row a to-one embed of this level relates (PGRST118 otherwise). */
function relatedOrderSql(
  ctx: SqlContext,
  parts: QueryParts,
  level: Level,
  relation: string,
  field: FieldRef,
): string {
  const embed = level.select.find(
    (i): i is EmbedItem => i.kind === 'embed' && embedName(i) === relation,
  );
  if (!embed) {
    throw new PgrstError(
      400,
      'PGRST108',
      `'${relation}' is not an embedded resource in this request`,
      null,
      `Verify that '${relation}' is included in the 'select' query parameter.`,
    );
  }
  const rel = resolveRelation(ctx.cache, level.table, embed);
  if (!rel.toOne) {
    throw new PgrstError(
      400,
      'PGRST118',
      `A related order on '${relation}' is not possible`,
      `'${level.table.name}' and '${relation}' do not form a many-to-one or one-to-one relationship`,
    );
  }
  const child: Level = { table: rel.target, alias: ctx.alias(), path: '', select: [] };
  const join = rel.pairs.map(
    ([p, c]) => `${ident(child.alias)}.${ident(c)} = ${ident(level.alias)}.${ident(p)}`,
  );
  const column = fieldSql(ctx, rel.target, child.alias, field).sql;
  return `(select ${column} from ${relationFrom(rel, level, child)}${whereSql(join)} limit 1)`;
}

/** ORDER BY, LIMIT and OFFSET of a level, with limit/offset as parameters. */
export function orderAndPage(
  ctx: SqlContext,
  parts: QueryParts,
  level: Level,
  skipPaging = false,
  fallbackOrder = '',
): string {
  const terms = (parts.order.get(level.path) ?? []).map((term) => {
    const sql = term.relation
      ? relatedOrderSql(ctx, parts, level, term.relation, term.field)
      : fieldSql(ctx, level.table, level.alias, term.field).sql;
    return `${sql} ${term.desc ? 'desc' : 'asc'}${term.nulls ? ` nulls ${term.nulls}` : ''}`;
  });
  if (fallbackOrder) terms.push(fallbackOrder);
  let sql = terms.length > 0 ? ` order by ${terms.join(', ')}` : '';
  if (skipPaging) return sql;
  const limit = parts.limit.get(level.path);
  const offset = parts.offset.get(level.path);
  if (limit !== undefined) sql += ` limit ${ctx.param(limit)}::int8`;
  if (offset !== undefined) sql += ` offset ${ctx.param(offset)}::int8`;
  return sql;
}

/** The select list of the root level, and its GROUP BY when it aggregates. */
export function rootSelectList(
  ctx: SqlContext,
  parts: QueryParts,
  level: Level,
): { list: string; group: string } {
  const outputs = selectOutputs(ctx, parts, level, levelAggregates(ctx, level.table, level.select));
  const group = groupBy(outputs);
  return { list: renderList(outputs), group };
}
