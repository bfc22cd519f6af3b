import { PgrstError } from '../errors.ts';
import type { QueryParts } from './query.ts';

/** Rows `from` to `to` (inclusive; open-ended when `to` is undefined), counted from 0. */
export interface RowRange {
  from: number;
  to: number | undefined;
}

const notSatisfiable = (details: string) =>
  new PgrstError(416, 'PGRST103', 'Requested range not satisfiable', details);

/**
 * The `Range` request header (`0-9`, `10-`), as PostgREST reads it on GET and HEAD: a value of
 * another shape is ignored; a lower bound above the upper one is refused with 416.
 */
export function parseRangeHeader(value: string | undefined): RowRange | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{1,15})-(\d{0,15})$/.exec(value.trim());
  if (!match) return undefined;
  const range = { from: Number(match[1]), to: match[2] === '' ? undefined : Number(match[2]) };
  if (range.to !== undefined && range.from > range.to)
    throw notSatisfiable(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  return range;
}

/**
 * Narrows the top level's limit and offset to the `Range` header: PostgREST takes the
 * intersection of the two ranges (`limit=10&offset=5` with `Range: 0-7` reads rows 5 to 7).
 */
export function applyRangeHeader(parts: QueryParts, header: RowRange | undefined): void {
  if (!header) return;
  const offset = parts.offset.get('') ?? 0;
  const limit = parts.limit.get('');
  const queryTo = limit === undefined ? undefined : offset + limit - 1;
  const from = Math.max(offset, header.from);
  const bounds = [queryTo, header.to].filter((to): to is number => to !== undefined);
  const to = bounds.length > 0 ? Math.min(...bounds) : undefined;
  if (from > 0) parts.offset.set('', from);
  if (to !== undefined) parts.limit.set('', Math.max(to - from + 1, 0));
}

/**
 * PostgREST's status for a read with a known total: 416 when the first row asked for lies past
 * the total, 206 when the answer holds fewer rows than the total, else 200.
 */
export function rangeStatus(start: number, pageTotal: number, total: number | undefined): number {
  if (total === undefined) return 200;
  if (start > total)
    throw notSatisfiable(`An offset of ${start} was requested, but there are only ${total} rows.`);
  return pageTotal < total ? 206 : 200;
}
