import type { Queryable } from '../db/types.ts';
import { loadSchemaRows } from './schema-queries.ts';

export interface Column {
  name: string;
  /** format_type() of the column, from the catalog: safe to splice into a cast. */
  type: string;
  /** Element type when the column is an array, else undefined. */
  elementType: string | undefined;
  nullable: boolean;
  /** pg_get_expr() of the default, from the catalog; used for Prefer: missing=default. */
  defaultExpr: string | undefined;
  generated: boolean;
}

export interface ForeignKey {
  name: string;
  fromSchema: string;
  fromTable: string;
  fromColumns: string[];
  toSchema: string;
  toTable: string;
  toColumns: string[];
}

/** A function `fn(parent_table) returns [setof] target_table`: PostgREST's computed relationship. */
export interface ComputedRelation {
  fn: DbFunction;
  /** tableKey of the parent (the argument's row type). */
  parent: string;
  target: Table;
  /** `returns target` or `rows 1`: one object, not an array. */
  toOne: boolean;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Sorted column lists of the primary key and unique constraints. */
  uniqueKeys: string[][];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
  /** A table's (or composite type's) row type: the JSON argument fills a record. */
  composite: boolean;
}

export interface DbFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  /** format_type() of the return type. */
  returnType: string;
  returnsSet: boolean;
  /** The table or view whose rows the function returns (filterable like a table), if any. */
  returnTable: Table | undefined;
  returnsScalar: boolean;
  returnsVoid: boolean;
  volatility: 'i' | 's' | 'v';
}

export interface SchemaCache {
  tables: Map<string, Table>;
  functions: Map<string, DbFunction[]>;
  foreignKeys: ForeignKey[];
  computedRelations: ComputedRelation[];
  /**
   * PostgREST's computed fields: `fn(table_row) returns <scalar>`, selected, filtered and ordered
   * like a column of the table. Keyed by computedFieldKey.
   */
  computedFields?: Map<string, DbFunction>;
  /** Type names usable in select casts (`col::type`). */
  typeNames: Set<string>;
  /** PostGIS's ST_AsGeoJSON(record), schema-qualified, when installed: GeoJSON output needs it. */
  geoJsonFunction: string | undefined;
}

/** The row shape of a function declared with OUT parameters or RETURNS TABLE. */
function syntheticTable(
  schema: string,
  name: string,
  outArgs: { name: string; type: string }[],
): Table {
  const columns = new Map<string, Column>();
  for (const arg of outArgs) {
    columns.set(arg.name, {
      name: arg.name,
      type: arg.type,
      elementType: arg.type.endsWith('[]') ? arg.type.slice(0, -2) : undefined,
      nullable: true,
      defaultExpr: undefined,
      generated: false,
    });
  }
  return { schema, name, isView: false, columns, primaryKey: [], uniqueKeys: [] };
}

export const tableKey = (schema: string, name: string) => `${schema}.${name}`;

export const computedFieldKey = (table: Table, name: string) =>
  `${tableKey(table.schema, table.name)}\0${name}`;

/** Learns tables, views, columns, keys, foreign keys and functions from pg_catalog. */
export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const rows = await loadSchemaRows(db, schemas);
  const tables = new Map<string, Table>();
  for (const rel of rows.relations) {
    tables.set(tableKey(rel.schema, rel.name), {
      schema: rel.schema,
      name: rel.name,
      isView: rel.kind === 'v' || rel.kind === 'm',
      columns: new Map(),
      primaryKey: rel.primary_key ?? [],
      uniqueKeys: rel.unique_keys ?? [],
    });
  }
  for (const col of rows.columns) {
    tables.get(tableKey(col.schema, col.table))?.columns.set(col.name, {
      name: col.name,
      type: col.type,
      elementType: col.element_type ?? undefined,
      nullable: col.nullable,
      defaultExpr: col.default_expr ?? undefined,
      generated: col.generated,
    });
  }
  const tableKeys: ForeignKey[] = rows.foreignKeys.map((fk) => ({
    name: fk.name,
    fromSchema: fk.from_schema,
    fromTable: fk.from_table,
    fromColumns: fk.from_columns,
    toSchema: fk.to_schema,
    toTable: fk.to_table,
    toColumns: fk.to_columns,
  }));
  const foreignKeys = withViewKeys(tableKeys, rows.viewColumns);
  const functions = new Map<string, DbFunction[]>();
  const computedRelations: ComputedRelation[] = [];
  const computedFields = new Map<string, DbFunction>();
  for (const fn of rows.functions) {
    const args = fn.in_args.map((arg, i) => ({
      name: arg.name,
      type: arg.type,
      hasDefault: i >= fn.in_args.length - fn.default_count,
      composite: arg.composite === true,
    }));
    const returnTable = fn.return_rel
      ? tables.get(fn.return_rel)
      : fn.returns_record && fn.out_args.length > 0
        ? syntheticTable(fn.schema, fn.name, fn.out_args)
        : undefined;
    const entry: DbFunction = {
      schema: fn.schema,
      name: fn.name,
      args,
      returnType: fn.return_type,
      returnsSet: fn.returns_set,
      returnTable,
      returnsScalar: !returnTable && !fn.returns_record && !fn.return_rel,
      returnsVoid: fn.return_type === 'void',
      volatility: fn.volatility as DbFunction['volatility'],
    };
    const key = tableKey(fn.schema, fn.name);
    if (callable(args)) functions.set(key, [...(functions.get(key) ?? []), entry]);
    const parent = fn.first_arg_rel;
    const parentTable = parent ? tables.get(parent) : undefined;
    if (parentTable && args.length === 1 && entry.returnsScalar && !fn.returns_set)
      computedFields.set(computedFieldKey(parentTable, fn.name), entry);
    if (parent && tables.has(parent) && args.length === 1 && fn.return_rel && returnTable) {
      computedRelations.push({
        fn: entry,
        parent,
        target: returnTable,
        toOne: !fn.returns_set || fn.rows === 1,
      });
    }
  }
  return {
    tables,
    functions,
    foreignKeys,
    computedRelations,
    computedFields,
    typeNames: new Set(rows.typeNames),
    geoJsonFunction: rows.geoJsonSchemas[0]
      ? `"${rows.geoJsonSchemas[0].replace(/"/g, '""')}".st_asgeojson`
      : undefined,
  };
}

type ViewColumnRow = Awaited<ReturnType<typeof loadSchemaRows>>['viewColumns'][number];

/**
 * PostgREST embeds through views: a view that shows every column of a foreign key (under the
 * same names) takes part in that key's relationship, as source, as target, or both.
 */
function withViewKeys(keys: ForeignKey[], viewColumns: ViewColumnRow[]): ForeignKey[] {
  const views = new Map<string, { schema: string; name: string; columns: Set<string> }[]>();
  const perView = new Map<string, { schema: string; name: string; columns: Set<string> }>();
  for (const row of viewColumns) {
    const base = tableKey(row.table_schema, row.table_name);
    const viewKey = `${tableKey(row.view_schema, row.view_name)}<${base}`;
    let view = perView.get(viewKey);
    if (!view) {
      view = { schema: row.view_schema, name: row.view_name, columns: new Set() };
      perView.set(viewKey, view);
      views.set(base, [...(views.get(base) ?? []), view]);
    }
    view.columns.add(row.column);
  }
  const sides = (schema: string, name: string, columns: string[]) => [
    { schema, name },
    ...(views.get(tableKey(schema, name)) ?? []).filter((v) =>
      columns.every((c) => v.columns.has(c)),
    ),
  ];
  const result: ForeignKey[] = [];
  for (const fk of keys) {
    for (const from of sides(fk.fromSchema, fk.fromTable, fk.fromColumns)) {
      for (const to of sides(fk.toSchema, fk.toTable, fk.toColumns)) {
        result.push({
          ...fk,
          fromSchema: from.schema,
          fromTable: from.name,
          toSchema: to.schema,
          toTable: to.name,
        });
      }
    }
  }
  return result;
}

/** The one unnamed parameter PostgREST accepts: it takes the whole request body. */
const wholeBodyTypes = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/**
 * Whether PostgREST exposes a function under /rpc: all its parameters named, or a single
 * unnamed one of a type that takes the whole body. Others (an unnamed integer, boolean or row
 * type) are not callable, nor overload candidates; they may still be computed fields or
 * relationships, which the statement calls itself.
 */
function callable(args: FunctionArg[]): boolean {
  const unnamed = args.filter((arg) => arg.name === '');
  if (unnamed.length === 0) return true;
  return unnamed.length === 1 && wholeBodyTypes.has(unnamed[0].type);
}
