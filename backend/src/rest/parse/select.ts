import { badRequest } from '../errors.ts';
import { parseField, splitTopLevel, unquote, type FieldRef } from './split.ts';

export type AggregateName = 'sum' | 'avg' | 'count' | 'max' | 'min';

export interface ColumnItem extends FieldRef {
  kind: 'column';
  alias: string | undefined;
  /** Cast of the column (before any aggregate). */
  cast: string | undefined;
  /** `col.sum()`; `count()` alone is a column named '*'. */
  aggregate?: AggregateName;
  /** `col.sum()::text`: cast of the aggregate's result. */
  aggregateCast?: string;
}

export interface StarItem {
  kind: 'star';
}

export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias: string | undefined;
  hint: string | undefined;
  inner: boolean;
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = ColumnItem | StarItem | EmbedItem;

/** Parses PostgREST's `select=` grammar into a tree (names are validated later, against the cache). */
export function parseSelect(input: string | null): SelectItem[] {
  if (input === null || input.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(input).map((raw) => parseItem(raw.trim(), input));
}

// `[alias:]count()[::cast]`, PostgREST's count of rows.
const countStar = /^(?:([^:()]+):(?!:))?\s*count\(\)(?:::([A-Za-z_][A-Za-z0-9_ ]*))?$/;
// `….sum()[::cast]` at the end of a column item (sum, avg, count, max, min).
const aggregateTail = /\.(sum|avg|count|max|min)\(\)(?:::([A-Za-z_][A-Za-z0-9_ ]*))?$/;

function parseItem(raw: string, whole: string): SelectItem {
  if (raw === '*') return { kind: 'star' };
  if (raw === '') throw badRequest('"failed to parse select parameter" empty item', whole);
  const star = countStar.exec(raw);
  if (star) {
    const alias = star[1] === undefined ? undefined : unquote(star[1].trim());
    return {
      kind: 'column',
      name: '*',
      jsonPath: [],
      alias,
      cast: undefined,
      aggregate: 'count',
      aggregateCast: star[2]?.trim(),
    };
  }
  const tail = aggregateTail.exec(raw);
  if (tail && !raw.slice(0, tail.index).includes('(')) {
    const column = parseColumn(raw.slice(0, tail.index));
    return { ...column, aggregate: tail[1] as AggregateName, aggregateCast: tail[2]?.trim() };
  }
  const open = raw.indexOf('(');
  if (open >= 0) return parseEmbed(raw, open, whole);
  return parseColumn(raw);
}

function parseColumn(raw: string): ColumnItem {
  // alias:field::cast — '::' is a cast, a single ':' an alias.
  let rest = raw;
  let cast: string | undefined;
  const castAt = rest.lastIndexOf('::');
  if (castAt >= 0) {
    cast = rest.slice(castAt + 2).trim();
    rest = rest.slice(0, castAt);
  }
  let alias: string | undefined;
  const aliasMatch = /^([^:]+):(?!:)(.*)$/.exec(rest);
  if (aliasMatch && !aliasMatch[1].includes('->')) {
    alias = unquote(aliasMatch[1].trim());
    rest = aliasMatch[2];
  }
  return { kind: 'column', ...parseField(rest), alias, cast };
}

function parseEmbed(raw: string, open: number, whole: string): EmbedItem {
  if (!raw.endsWith(')')) throw badRequest('"failed to parse select parameter" expected )', whole);
  let head = raw.slice(0, open).trim();
  const body = raw.slice(open + 1, -1);
  const spread = head.startsWith('...');
  if (spread) head = head.slice(3);
  let alias: string | undefined;
  const colon = head.indexOf(':');
  if (colon >= 0) {
    alias = unquote(head.slice(0, colon).trim());
    head = head.slice(colon + 1);
  }
  const [relation, ...marks] = head.split('!').map((part) => unquote(part.trim()));
  if (!relation) throw badRequest('"failed to parse select parameter" empty relation', whole);
  let inner = false;
  let hint: string | undefined;
  for (const mark of marks) {
    if (mark === 'inner') inner = true;
    else if (mark === 'left') inner = false;
    else if (hint === undefined && mark) hint = mark;
    else throw badRequest('"failed to parse select parameter" bad embed hint', whole);
  }
  // `rel()`: an embed without fields, used only for filtering.
  const children = body.trim() === '' ? [] : parseSelect(body);
  return { kind: 'embed', relation, alias, hint, inner, spread, children };
}
