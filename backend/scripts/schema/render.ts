/**
 * Turns catalogue rows into SQL blocks a person reads: one block per object, with what hangs
 * off it (a table's constraints, indexes, row-level security, policies, triggers, grants,
 * comments and publications) right under it, so "what fires on public.messages" is one place.
 */

export interface Grant {
  grantee: string;
  privilege: string;
  grantable: boolean;
}

/** One dumped object; `key` is what the domain map names (`schema.name`), `title` heads it. */
export interface Block {
  kind: string;
  key: string;
  title: string;
  sql: string;
}

const q = (name: string) =>
  /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string) => `${q(schema)}.${q(name)}`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

const privilegeOrder = [
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'TRUNCATE',
  'REFERENCES',
  'TRIGGER',
  'MAINTAIN',
  'USAGE',
  'CREATE',
  'EXECUTE',
];

/**
 * `grant select, insert on <target> to anon, authenticated;`: grantees with the same privileges
 * share a line, in a fixed order, so the output never depends on catalogue order.
 */
export function grantLines(grants: Grant[], target: string, columns = ''): string[] {
  const byGrantee = new Map<string, Grant[]>();
  for (const grant of grants) {
    byGrantee.set(grant.grantee, [...(byGrantee.get(grant.grantee) ?? []), grant]);
  }
  const byPrivileges = new Map<string, string[]>();
  for (const grantee of [...byGrantee.keys()].sort()) {
    const privileges = (byGrantee.get(grantee) ?? [])
      .sort((a, b) => privilegeOrder.indexOf(a.privilege) - privilegeOrder.indexOf(b.privilege))
      .map((g) => `${g.privilege.toLowerCase()}${columns}${g.grantable ? ' /* grantable */' : ''}`)
      .join(', ');
    byPrivileges.set(privileges, [...(byPrivileges.get(privileges) ?? []), grantee]);
  }
  return [...byPrivileges].map(
    ([privileges, grantees]) => `grant ${privileges} on ${target} to ${grantees.join(', ')};`,
  );
}

export function commentLine(what: string, comment: string | null): string[] {
  return comment === null ? [] : [`comment on ${what} is ${literal(comment)};`];
}

export function block(kind: string, schema: string, name: string, lines: string[]): Block {
  return {
    kind,
    key: `${schema}.${name}`,
    title: `${kind} ${schema}.${name}`,
    sql: lines.join('\n'),
  };
}

/** A block for something that belongs to no schema (a role, a publication, ...). */
export function clusterBlock(kind: string, name: string, lines: string[]): Block {
  return { kind, key: `*${kind}.${name}`, title: `${kind} ${name}`.trim(), sql: lines.join('\n') };
}

export { literal, q };
