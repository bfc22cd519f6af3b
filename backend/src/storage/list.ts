import type { Caller } from '../http/caller.ts';
import type { ApiResponse } from '../http/types.ts';
import type { StorageContext } from './context.ts';
import { asCaller } from './db.ts';
import { invalidRequest } from './errors.ts';
import { assertLookupName } from './names.ts';

interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  column: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';
  descending: boolean;
  search: string;
}

interface Entry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

const sortColumns = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at']);

function readOptions(body: Record<string, unknown>): ListOptions {
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  const column = sortBy.column ?? 'name';
  if (!sortColumns.has(column)) throw invalidRequest(`Cannot sort by ${column}`);
  const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+|\/+$/g, '') : '';
  assertLookupName(prefix);
  return {
    prefix: prefix ? `${prefix}/` : '',
    limit: Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000),
    offset: Math.max(Number(body.offset ?? 0) || 0, 0),
    column: column as ListOptions['column'],
    descending: String(sortBy.order).toLowerCase() === 'desc',
    search: typeof body.search === 'string' ? body.search.toLowerCase() : '',
  };
}

// Everything under the prefix the caller may see; folders are folded in below.
const rowsSql = `select name, id, updated_at, created_at, last_accessed_at, metadata
  from storage.objects where bucket_id = $1 and starts_with(name, $2)`;

/** Files directly under the prefix, plus one entry (id null) per sub-folder, as storage.search. */
function oneLevel(rows: Entry[], options: ListOptions): Entry[] {
  const folders = new Map<string, Entry>();
  const files: Entry[] = [];
  for (const row of rows) {
    const rest = row.name.slice(options.prefix.length);
    const slash = rest.indexOf('/');
    const name = slash === -1 ? rest : rest.slice(0, slash);
    if (!name.toLowerCase().startsWith(options.search)) continue;
    if (slash === -1) files.push({ ...row, name });
    else if (!folders.has(name))
      folders.set(name, {
        name,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      });
  }
  return [...folders.values(), ...files];
}

function compare(column: ListOptions['column'], a: Entry, b: Entry): number {
  const left = column === 'name' ? a.name : String(a[column] ?? '');
  const right = column === 'name' ? b.name : String(b[column] ?? '');
  return left < right ? -1 : left > right ? 1 : 0;
}

/** POST /object/list/{bucket}: {prefix, limit, offset, sortBy, search}, under RLS. */
export async function listObjects(
  ctx: StorageContext,
  caller: Caller,
  bucket: string,
  body: Record<string, unknown>,
): Promise<ApiResponse> {
  const options = readOptions(body);
  const rows = await asCaller(ctx.db, caller, async (tx) => {
    const result = await tx.query<Entry>(rowsSql, [bucket, options.prefix]);
    return result.rows.map((row) => ({
      ...row,
      updated_at: toIso(row.updated_at),
      created_at: toIso(row.created_at),
      last_accessed_at: toIso(row.last_accessed_at),
    }));
  });
  const entries = oneLevel(rows, options).sort((a, b) => {
    const order = compare(options.column, a, b) || compare('name', a, b);
    return options.descending ? -order : order;
  });
  return { status: 200, body: entries.slice(options.offset, options.offset + options.limit) };
}

function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}
