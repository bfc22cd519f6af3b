import { badRequest } from '../errors.ts';
import { insideParens, parseField, splitTopLevel, unquote, type FieldRef } from './split.ts';

export const operators = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
]);
const quantifiable = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);
const ftsOps = new Set(['fts', 'plfts', 'phfts', 'wfts']);

export interface Condition {
  kind: 'cond';
  negate: boolean;
  field: FieldRef;
  op: string;
  /** 'any' | 'all' for quantified operators; the text-search config for fts operators. */
  modifier: string | undefined;
  /** Raw value; a list for `in`. */
  value: string | string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Filter[];
}

export type Filter = Condition | Logic;

/** Parses `[not.]op[(modifier)].value` for one column. */
export function parseOperation(field: FieldRef, input: string): Condition {
  let rest = input;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest);
  if (!match || !operators.has(match[1])) {
    throw badRequest(
      `"failed to parse filter (${input})"`,
      `unknown or malformed operator: ${input}`,
    );
  }
  const [, op, modifier, rawValue] = match;
  if (modifier !== undefined) {
    const ok = ftsOps.has(op)
      ? /^[A-Za-z_][A-Za-z0-9_]*$/.test(modifier)
      : quantifiable.has(op) && (modifier === 'any' || modifier === 'all');
    if (!ok)
      throw badRequest(`"failed to parse filter (${input})"`, `bad operator modifier: ${modifier}`);
  }
  let value: string | string[] = unquote(rawValue);
  if (op === 'in') {
    const inner = insideParens(rawValue, 'in list');
    value = inner.trim() === '' ? [] : splitTopLevel(inner).map((item) => unquote(item.trim()));
  }
  if (modifier && quantifiable.has(op)) {
    const inner = rawValue.startsWith('(')
      ? insideParens(rawValue, 'list')
      : rawValue.replace(/^\{|\}$/g, '');
    value = inner.trim() === '' ? [] : splitTopLevel(inner).map((item) => unquote(item.trim()));
  }
  return { kind: 'cond', negate, field, op, modifier, value };
}

/** Parses the inside of `or=(…)` / `and=(…)`: items `col.op.value`, `and(…)`, `not.or(…)`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): Logic {
  const children = splitTopLevel(insideParens(value, `${op} filter`)).map((raw) =>
    parseLogicItem(raw.trim()),
  );
  return { kind: 'logic', op, negate, children };
}

function parseLogicItem(raw: string): Filter {
  const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(raw);
  if (nested) return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]);
  const dot = raw.indexOf('.');
  if (dot <= 0) throw badRequest(`"failed to parse logic tree (${raw})"`, raw);
  return parseOperation(parseField(raw.slice(0, dot)), raw.slice(dot + 1));
}
