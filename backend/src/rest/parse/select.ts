import { badRequest } from '../errors.ts';
import { parseField, splitTopLevel, unquote, type FieldRef } from './split.ts';

export interface ColumnItem extends FieldRef {
  kind: 'column';
  alias: string | undefined;
  cast: string | undefined;
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

function parseItem(raw: string, whole: string): SelectItem {
  if (raw === '*') return { kind: 'star' };
  if (raw === '') throw badRequest('"failed to parse select parameter" empty item', whole);
  const open = raw.indexOf('(');
  if (open >= 0) return parseEmbed(raw, open, whole);
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
  if (relation === 'count' && body.trim() === '') {
    throw badRequest('Use of aggregate functions is not allowed');
  }
  let inner = false;
  let hint: string | undefined;
  for (const mark of marks) {
    if (mark === 'inner') inner = true;
    else if (mark === 'left') inner = false;
    else if (hint === undefined && mark) hint = mark;
    else throw badRequest('"failed to parse select parameter" bad embed hint', whole);
  }
  return { kind: 'embed', relation, alias, hint, inner, spread, children: parseSelect(body) };
}
