import { badRequest } from '../errors.ts';
import { parseLogic, parseOperation, type Filter } from './filters.ts';
import { parseSelect, type SelectItem } from './select.ts';
import { parseField, splitTopLevel, type FieldRef } from './split.ts';

export interface OrderTerm {
  /** `order=rel(col)`: a column of a to-one embed of this level (by its name or alias). */
  relation?: string;
  field: FieldRef;
  desc: boolean;
  nulls: 'first' | 'last' | undefined;
}

/** Filters, order and paging per embedding path ('' is the root, 'author.posts' a nested embed). */
export interface QueryParts {
  select: SelectItem[];
  filters: Map<string, Filter[]>;
  order: Map<string, OrderTerm[]>;
  limit: Map<string, number>;
  offset: Map<string, number>;
  columns: string[] | undefined;
  onConflict: string[] | undefined;
}

const reserved = new Set(['select', 'columns', 'on_conflict']);

function parseCount(value: string, key: string): number {
  if (!/^\d{1,15}$/.test(value))
    throw badRequest(`"failed to parse ${key}" not a non-negative integer`, value);
  return Number(value);
}

function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((raw) => {
    const parts = raw.trim().split('.');
    const related = /^([^()]+)\(([^()]+)\)$/.exec(parts[0] ?? '');
    const terms: OrderTerm = related
      ? {
          relation: related[1].trim(),
          field: parseField(related[2]),
          desc: false,
          nulls: undefined,
        }
      : { field: parseField(parts[0] ?? ''), desc: false, nulls: undefined };
    for (const modifier of parts.slice(1)) {
      if (modifier === 'asc' || modifier === 'desc') terms.desc = modifier === 'desc';
      else if (modifier === 'nullsfirst' || modifier === 'nullslast')
        terms.nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      else throw badRequest(`"failed to parse order (${value})"`, `unexpected "${modifier}"`);
    }
    return terms;
  });
}

function push<T>(map: Map<string, T[]>, key: string, items: T[]) {
  map.set(key, [...(map.get(key) ?? []), ...items]);
}

/** Splits `a.b.col` into the embed path `a.b` and the last part, ignoring dots inside json paths. */
function splitPath(key: string): [string, string] {
  const arrow = key.indexOf('->');
  const head = arrow >= 0 ? key.slice(0, arrow) : key;
  const dot = head.lastIndexOf('.');
  if (dot < 0) return ['', key];
  return [key.slice(0, dot), key.slice(dot + 1)];
}

/** Reads PostgREST query parameters. `skip` names keys used for something else (rpc arguments). */
export function parseQuery(
  query: URLSearchParams,
  skip: ReadonlySet<string> = new Set(),
): QueryParts {
  const parts: QueryParts = {
    select: parseSelect(query.get('select')),
    filters: new Map(),
    order: new Map(),
    limit: new Map(),
    offset: new Map(),
    columns: undefined,
    onConflict: undefined,
  };
  const columns = query.get('columns');
  if (columns !== null) parts.columns = splitTopLevel(columns).map((c) => parseField(c).name);
  const onConflict = query.get('on_conflict');
  if (onConflict !== null)
    parts.onConflict = splitTopLevel(onConflict).map((c) => parseField(c).name);

  for (const [key, value] of query) {
    if (reserved.has(key) || skip.has(key)) continue;
    if (/(^|\.)not\.(or|and)$/.test(key)) {
      const logicPath = key.replace(/\.?not\.(or|and)$/, '');
      push(parts.filters, logicPath, [parseLogic(key.endsWith('or') ? 'or' : 'and', true, value)]);
      continue;
    }
    const [path, last] = splitPath(key);
    if (last === 'order') parts.order.set(path, parseOrder(value));
    else if (last === 'limit') parts.limit.set(path, parseCount(value, key));
    else if (last === 'offset') parts.offset.set(path, parseCount(value, key));
    else if (last === 'or' || last === 'and')
      push(parts.filters, path, [parseLogic(last, false, value)]);
    else push(parts.filters, path, [parseOperation(parseField(last), value)]);
  }
  return parts;
}
