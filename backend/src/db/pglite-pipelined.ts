import { protocol, type PGlite } from '@electric-sql/pglite';
import type { QueryResult } from './types.ts';

const { serialize } = protocol;

/** A bind parameter in text format, as PostgreSQL's input functions read it (arrays as `{…}`). */
export function toPgText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      const text = toPgText(item);
      return text === null ? 'NULL' : `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    });
    return `{${items.join(',')}}`;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

interface Described {
  name: string;
  fields?: { name: string; dataTypeID: number }[];
}

/**
 * PGlite's counterpart of the PostgreSQL fast path: setup and query as raw protocol messages
 * ending in one Sync, so they run as one implicit transaction in one call into the wasm
 * backend. Must run under the caller's mutex (execProtocol bypasses PGlite's own queue).
 * Rows come back in text format, keyed by column name.
 */
export async function pgliteSetupThenQuery<Row>(
  pg: PGlite,
  setup: { sql: string; params: unknown[] },
  sql: string,
  params: unknown[],
): Promise<QueryResult<Row>> {
  const message = concat([
    serialize.parse({ text: setup.sql }),
    serialize.bind({ values: setup.params.map(toPgText) }),
    serialize.execute({}),
    serialize.parse({ text: sql }),
    serialize.bind({ values: params.map(toPgText) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  // No syncToFs for writes either: a data directory on disk (NodeFS) and memory have nothing to
  // flush (their syncToFs is empty); PostgreSQL's own WAL flush at commit is the durability.
  const { messages } = await pg.execProtocol(message, { syncToFs: false });
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: Row[] = [];
  let completed = 0;
  let affectedRows = 0;
  for (const msg of messages as Described[]) {
    if (msg.name === 'rowDescription' && msg.fields) fields = msg.fields;
    if (msg.name === 'commandComplete') {
      completed += 1;
      const text = (msg as unknown as { text?: string }).text ?? '';
      if (completed === 2) affectedRows = Number(/(\d+)$/.exec(text)?.[1] ?? 0);
    }
    if (msg.name === 'dataRow' && completed === 1) {
      const values = (msg as unknown as { fields: (string | null)[] }).fields;
      rows.push(Object.fromEntries(fields.map((f, i) => [f.name, values[i]])) as Row);
    }
  }
  return {
    rows,
    affectedRows,
    fields: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}
