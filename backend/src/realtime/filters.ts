/** A realtime postgres_changes filter, `column=op.value` with op in eq neq lt lte gt gte in. */
export interface ChangeFilter {
  column: string;
  op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  values: string[];
}

const ops = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** Parses the client's filter string; throws with a message the join reply can carry. */
export function parseFilter(text: string | undefined): ChangeFilter | undefined {
  if (!text) return undefined;
  const match = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(text);
  if (!match || !ops.has(match[2] ?? '')) throw new Error(`invalid filter: ${text}`);
  const [, column, op, raw] = match as unknown as [string, string, ChangeFilter['op'], string];
  if (op !== 'in') return { column, op, values: [raw] };
  const list = /^\((.*)\)$/s.exec(raw)?.[1];
  if (list === undefined) throw new Error(`invalid filter: ${text}`);
  return { column, op, values: list.split(',').map((v) => v.trim().replace(/^"(.*)"$/s, '$1')) };
}

const asText = (value: unknown) =>
  value === null || value === undefined
    ? null
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

// Numbers compare as numbers, anything else (uuids, ISO timestamps, text) as text.
function compare(left: string, right: string): number {
  const a = Number(left);
  const b = Number(right);
  if (left.trim() !== '' && right.trim() !== '' && !Number.isNaN(a) && !Number.isNaN(b))
    return a - b;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Whether a record passes the filter. A column the record lacks (a DELETE's key-only record) passes. */
export function matchesFilter(filter: ChangeFilter, record: Record<string, unknown>): boolean {
  if (!(filter.column in record)) return true;
  const value = asText(record[filter.column]);
  if (value === null) return false;
  const first = filter.values[0] ?? '';
  switch (filter.op) {
    case 'eq':
      return compare(value, first) === 0;
    case 'neq':
      return compare(value, first) !== 0;
    case 'lt':
      return compare(value, first) < 0;
    case 'lte':
      return compare(value, first) <= 0;
    case 'gt':
      return compare(value, first) > 0;
    case 'gte':
      return compare(value, first) >= 0;
    case 'in':
      return filter.values.some((v) => compare(value, v) === 0);
  }
}
