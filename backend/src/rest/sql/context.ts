import type { SchemaCache, Table } from '../schema-cache.ts';
import { columnNotFound } from '../errors.ts';

/** Double-quotes an identifier. Only names already found in the schema cache reach this. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(table: Pick<Table, 'schema' | 'name'>): string {
  return `${ident(table.schema)}.${ident(table.name)}`;
}

/** Collects bind parameters and hands out fresh table aliases for one statement. */
export class SqlContext {
  readonly params: unknown[] = [];
  /** Index in `params` of the request body's JSON, when the statement carries it. */
  bodyIndex: number | undefined;
  private aliasCount = 0;

  constructor(
    readonly cache: SchemaCache,
    /** The PostgREST major version whose behaviour the statement follows (PGRST_VERSION). */
    readonly postgrestVersion: 12 | 13 = 13,
  ) {}

  /** Adds a bind parameter and returns its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** The request body's JSON as a parameter, remembered so a reused plan can take another body. */
  bodyParam(json: string): string {
    const placeholder = this.param(json);
    this.bodyIndex = this.params.length - 1;
    return placeholder;
  }

  /** A parameter cast from text to `type` (a type name from the catalog, never from the request). */
  typed(value: string | null, type: string): string {
    return `cast(${this.param(value)}::text as ${type})`;
  }

  alias(): string {
    this.aliasCount += 1;
    return `t${this.aliasCount}`;
  }
}

export function requireColumn(table: Table, name: string) {
  const column = table.columns.get(name);
  if (!column) throw columnNotFound(name, table.name);
  return column;
}
