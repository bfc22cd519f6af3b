import { PgrstError } from '../errors.ts';
import type { EmbedItem } from '../parse/select.ts';
import { tableKey, type ForeignKey, type SchemaCache, type Table } from '../schema-cache.ts';

export interface Relation {
  target: Table;
  fk: ForeignKey;
  /** many-to-one: the parent holds the key, the embed is one object (or null). */
  toOne: boolean;
  /** [parent column, target column] pairs joined with AND (empty for many-to-many). */
  pairs: [string, string][];
  /** Many-to-many: the junction table and its [parent|target column, junction column] pairs. */
  junction?: { table: Table; parentPairs: [string, string][]; targetPairs: [string, string][] };
}

/**
 * Many-to-many through a junction table holding foreign keys to both sides, as PostgREST
 * embeds it; the hint, if any, names the junction table.
 */
function junctionRelations(cache: SchemaCache, parent: Table, embed: EmbedItem): Relation[] {
  const found: Relation[] = [];
  const tableOf = (schema: string, name: string) => cache.tables.get(tableKey(schema, name));
  for (const toParent of cache.foreignKeys) {
    const junction = tableOf(toParent.fromSchema, toParent.fromTable);
    if (!junction || tableOf(toParent.toSchema, toParent.toTable) !== parent) continue;
    if (embed.hint !== undefined && embed.hint !== junction.name) continue;
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toParent || tableOf(toTarget.fromSchema, toTarget.fromTable) !== junction)
        continue;
      const target = tableOf(toTarget.toSchema, toTarget.toTable);
      if (!target || target.name !== embed.relation || target === junction) continue;
      found.push({
        target,
        fk: toTarget,
        toOne: false,
        pairs: [],
        junction: {
          table: junction,
          parentPairs: toParent.toColumns.map((c, i) => [c, toParent.fromColumns[i]]),
          targetPairs: toTarget.toColumns.map((c, i) => [c, toTarget.fromColumns[i]]),
        },
      });
    }
  }
  return found;
}

function matchesHint(
  fk: ForeignKey,
  hint: string | undefined,
  parentSide: string[],
  targetSide: string[],
) {
  if (hint === undefined) return true;
  return fk.name === hint || parentSide.includes(hint) || targetSide.includes(hint);
}

/**
 * Finds the foreign key an embed `rel!hint(...)` follows from `parent`, as PostgREST does:
 * by target table name (or single FK column name), narrowed by the hint (FK name or column).
 * None -> PGRST200 (400); several -> PGRST201 (300).
 */
export function resolveRelation(cache: SchemaCache, parent: Table, embed: EmbedItem): Relation {
  // Memoised per schema cache (a reload builds a new one): the search walks every foreign key.
  let known = resolved.get(cache);
  if (!known) {
    known = new Map();
    resolved.set(cache, known);
  }
  const key = `${parent.schema}\0${parent.name}\0${embed.relation}\0${embed.hint ?? ''}`;
  const hit = known.get(key);
  if (hit) return hit;
  const relation = searchRelation(cache, parent, embed);
  known.set(key, relation);
  return relation;
}

const resolved = new WeakMap<SchemaCache, Map<string, Relation>>();

function searchRelation(cache: SchemaCache, parent: Table, embed: EmbedItem): Relation {
  const found: Relation[] = [];
  for (const fk of cache.foreignKeys) {
    const from = cache.tables.get(tableKey(fk.fromSchema, fk.fromTable));
    const to = cache.tables.get(tableKey(fk.toSchema, fk.toTable));
    if (!from || !to) continue;
    const fromParent = from === parent;
    const toParent = to === parent;
    const byColumn = fk.fromColumns.length === 1 && fk.fromColumns[0] === embed.relation;
    if (fromParent && (to.name === embed.relation || byColumn || fk.name === embed.relation)) {
      if (matchesHint(fk, embed.hint, fk.fromColumns, fk.toColumns)) {
        found.push({
          target: to,
          fk,
          toOne: true,
          pairs: fk.fromColumns.map((c, i) => [c, fk.toColumns[i]]),
        });
      }
    }
    if (toParent && (from.name === embed.relation || fk.name === embed.relation) && !byColumn) {
      if (matchesHint(fk, embed.hint, fk.toColumns, fk.fromColumns)) {
        found.push({
          target: from,
          fk,
          toOne: false,
          pairs: fk.toColumns.map((c, i) => [c, fk.fromColumns[i]]),
        });
      }
    }
  }
  if (found.length === 0) found.push(...junctionRelations(cache, parent, embed));
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    throw new PgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${embed.relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${embed.relation}'${embed.hint ? ` using the hint '${embed.hint}'` : ''} in the schema '${parent.schema}', but no matches were found.`,
      null,
    );
  }
  throw new PgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${embed.relation}'`,
    found.map((r) => `${r.fk.name} (${r.toOne ? 'many-to-one' : 'one-to-many'})`).join(', '),
    `Try changing '${embed.relation}' to one of: ${found.map((r) => `'${embed.relation}!${r.fk.name}'`).join(', ')}.`,
  );
}
