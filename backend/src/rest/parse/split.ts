import { badRequest } from '../errors.ts';

/**
 * Splits on `separator` at nesting depth 0, skipping separators inside (), {} and "double quotes"
 * (with backslash escapes), as PostgREST's grammar does.
 */
export function splitTopLevel(input: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i];
    if (quoted) {
      if (ch === '\\') i += 1;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{' || ch === '[') depth += 1;
    else if (ch === ')' || ch === '}' || ch === ']') {
      depth -= 1;
      if (depth < 0) throw badRequest(`"failed to parse" unbalanced parentheses`, input);
    } else if (ch === separator && depth === 0) {
      parts.push(input.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || quoted)
    throw badRequest(`"failed to parse" unbalanced parentheses or quotes`, input);
  parts.push(input.slice(start));
  return parts;
}

/** `"a \"b\""` -> `a "b"`; anything else unchanged. */
export function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** Strips one pair of enclosing parentheses, or fails: `(a,b)` -> `a,b`. */
export function insideParens(value: string, what: string): string {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw badRequest(`"failed to parse ${what}" expected (…)`, value);
  }
  return value.slice(1, -1);
}

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  jsonPath: JsonStep[];
}

/** `data->a->>b` -> { name: 'data', jsonPath: [->a, ->>b] }. */
export function parseField(raw: string): FieldRef {
  const pieces = raw.trim().split(/(->>|->)/);
  const name = unquote(pieces[0].trim());
  if (!name) throw badRequest(`"failed to parse" empty column name`, raw);
  const jsonPath: JsonStep[] = [];
  for (let i = 1; i < pieces.length; i += 2) {
    const key = unquote(pieces[i + 1] ?? '');
    if (!key) throw badRequest(`"failed to parse" empty json key`, raw);
    jsonPath.push({ arrow: pieces[i] as JsonStep['arrow'], key });
  }
  return { name, jsonPath };
}
