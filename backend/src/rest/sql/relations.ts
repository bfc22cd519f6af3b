import { PgrstError } from '../errors.ts';
import type { EmbedItem } from '../parse/select.ts';
import {
  tableKey,
  type DbFunction,
  type ForeignKey,
  type SchemaCache,
  type Table,
} from '../schema-cache.ts';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Relation {
  target: Table;
  /** The foreign key followed (the junction's key to the target for many-to-many). */
  fk: ForeignKey | undefined;
  cardinality: Cardinality | 'computed';
  /** One object (or null) instead of an array: many-to-one, one-to-one, `rows 1` functions. */
  toOne: boolean;
  /** [parent column, target column] pairs joined with AND (empty for many-to-many, computed). */
  pairs: [string, string][];
  /** Many-to-many: the junction table and its [parent|target column, junction column] pairs. */
  junction?: {
    table: Table;
    toParent: ForeignKey;
    parentPairs: [string, string][];
    targetPairs: [string, string][];
  };
  /** Computed relationship: the function called with the parent row. */
  computed?: DbFunction;
  /** A foreign key from a table to itself (PostgREST disambiguates those by convention). */
  self: boolean;
  /** The target holds the foreign key (one-to-many, or one-to-one seen from the referenced side). */
  reverse: boolean;
}

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/** The foreign key's columns are the table's primary key or a unique constraint. */
const isUnique = (table: Table, columns: string[]) =>
  table.uniqueKeys.some((key) => sameSet(key, columns));

/** Every relationship PostgREST would list for `parent`, before matching the embed's name. */
function relationsOf(cache: SchemaCache, parent: Table): Relation[] {
  const tableOf = (schema: string, name: string) => cache.tables.get(tableKey(schema, name));
  const found: Relation[] = [];
  for (const fk of cache.foreignKeys) {
    const from = tableOf(fk.fromSchema, fk.fromTable);
    const to = tableOf(fk.toSchema, fk.toTable);
    if (!from || !to) continue;
    const oneToOne = isUnique(from, fk.fromColumns);
    const self = from === to;
    if (from === parent) {
      found.push({
        target: to,
        fk,
        cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
        toOne: true,
        pairs: fk.fromColumns.map((c, i) => [c, fk.toColumns[i]]),
        self,
        reverse: false,
      });
    }
    if (to === parent) {
      found.push({
        target: from,
        fk,
        cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
        toOne: oneToOne,
        pairs: fk.toColumns.map((c, i) => [c, fk.fromColumns[i]]),
        self,
        reverse: true,
      });
    }
  }
  // Many-to-many through a junction table holding foreign keys to both sides.
  for (const toParent of cache.foreignKeys) {
    const junction = tableOf(toParent.fromSchema, toParent.fromTable);
    if (!junction || junction === parent) continue;
    if (tableOf(toParent.toSchema, toParent.toTable) !== parent) continue;
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toParent || tableOf(toTarget.fromSchema, toTarget.fromTable) !== junction)
        continue;
      const target = tableOf(toTarget.toSchema, toTarget.toTable);
      if (!target || target === junction) continue;
      // As PostgREST: both keys' columns must be part of the junction's primary key.
      const keyColumns = [...toParent.fromColumns, ...toTarget.fromColumns];
      if (!keyColumns.every((c) => junction.primaryKey.includes(c))) continue;
      found.push({
        target,
        fk: toTarget,
        cardinality: 'many-to-many',
        toOne: false,
        pairs: [],
        self: false,
        reverse: false,
        junction: {
          table: junction,
          toParent,
          parentPairs: toParent.toColumns.map((c, i) => [c, toParent.fromColumns[i]]),
          targetPairs: toTarget.toColumns.map((c, i) => [c, toTarget.fromColumns[i]]),
        },
      });
    }
  }
  const parentKey = tableKey(parent.schema, parent.name);
  for (const computed of cache.computedRelations) {
    if (computed.parent !== parentKey) continue;
    found.push({
      target: computed.target,
      fk: undefined,
      cardinality: 'computed',
      toOne: computed.toOne,
      pairs: [],
      computed: computed.fn,
      self: false,
      reverse: false,
    });
  }
  return found;
}

/** The single FK column on the parent's side (`M2O`/`O2M` relColumns' first element). */
const ownColumn = (rel: Relation) => (rel.pairs.length === 1 ? rel.pairs[0][0] : undefined);
/** The single FK column on the target's side. */
const targetColumn = (rel: Relation) => (rel.pairs.length === 1 ? rel.pairs[0][1] : undefined);

/**
 * PostgREST's matching of `target!hint` against one relationship: by target name, constraint
 * name or the parent's FK column; the hint narrows by constraint, either side's column, or the
 * junction table. Self-referencing keys: `table` is the one-to-many side, the FK column the
 * many-to-one side, and a hint names the FK column of the one-to-many side.
 */
function matches(rel: Relation, target: string, hint: string | undefined): boolean {
  if (rel.computed) return rel.computed.name === target && hint === undefined;
  const targetName = rel.target.name;
  const cons = rel.junction ? undefined : rel.fk?.name;
  // For a parent -> target key, the parent's own FK column; for target -> parent, the target's.
  const fkColumn = rel.reverse ? targetColumn(rel) : ownColumn(rel);
  const refColumn = rel.reverse ? ownColumn(rel) : targetColumn(rel);
  if (rel.self) {
    if (hint === undefined)
      return (targetName === target && rel.reverse) || (fkColumn === target && !rel.reverse);
    return targetName === target && rel.reverse && fkColumn === hint;
  }
  if (hint === undefined) {
    return (
      targetName === target ||
      (!rel.target.isView && !rel.junction && (cons === target || fkColumn === target))
    );
  }
  return (
    targetName === target &&
    (cons === hint ||
      fkColumn === hint ||
      refColumn === hint ||
      (rel.junction !== undefined && rel.junction.table.name === hint))
  );
}

const fmt = (columns: string[]) => `(${columns.join(', ')})`;

/** PGRST201's `details` entry for one candidate, as PostgREST words it. */
function describe(parent: Table, rel: Relation) {
  const embedding = `${parent.name} with ${rel.target.name}`;
  if (rel.junction) {
    const { table, toParent, parentPairs, targetPairs } = rel.junction;
    return {
      cardinality: rel.cardinality,
      embedding,
      relationship: `${table.name} using ${toParent.name}${fmt(parentPairs.map(([, j]) => j))} and ${rel.fk?.name ?? ''}${fmt(targetPairs.map(([, j]) => j))}`,
    };
  }
  return {
    cardinality: rel.cardinality,
    embedding,
    relationship: `${rel.fk?.name ?? ''} using ${parent.name}${fmt(rel.pairs.map(([p]) => p))} and ${rel.target.name}${fmt(rel.pairs.map(([, t]) => t))}`,
  };
}

/** Levenshtein distance, for PGRST200's "Perhaps you meant …" hint. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}

/** The closest related table name, when one is close enough to be a likely typo. */
function suggestion(candidates: Relation[], child: string): string | undefined {
  let best: { name: string; score: number } | undefined;
  for (const name of new Set(candidates.map((r) => r.target.name))) {
    if (name === child) return undefined;
    const score = 1 - distance(name, child) / Math.max(name.length, child.length);
    if (score >= 0.5 && (!best || score > best.score)) best = { name, score };
  }
  return best?.name;
}

/**
 * Finds the relationship an embed `rel!hint(...)` follows from `parent`, as PostgREST does.
 * None -> PGRST200 (400); several -> PGRST201 (300) listing the candidates.
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
  const candidates = relationsOf(cache, parent);
  const found = candidates.filter((rel) => matches(rel, embed.relation, embed.hint));
  // A computed relationship overrides a detected one of the same name.
  const computed = found.filter((rel) => rel.computed);
  if (computed.length === 1) return computed[0];
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    const near = embed.hint === undefined ? suggestion(candidates, embed.relation) : undefined;
    throw new PgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${embed.relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${embed.relation}${embed.hint ? `' using the hint '${embed.hint}` : ''}' in the schema '${parent.schema}', but no matches were found.`,
      near ? `Perhaps you meant '${near}' instead of '${embed.relation}'.` : null,
    );
  }
  const hints = found.map(
    (r) => `'${r.target.name}!${r.junction ? r.junction.table.name : (r.fk?.name ?? '')}'`,
  );
  throw new PgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${embed.relation}'`,
    found.map((r) => describe(parent, r)),
    `Try changing '${embed.relation}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
