import type { ChangeBinding, Membership } from './membership.ts';

type Row = Record<string, unknown>;

/** A filter value as the index keys it: numbers as numbers ("1.0" is 1), as filters compare them. */
function valueKey(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const number = Number(text);
  return text.trim() !== '' && !Number.isNaN(number) ? `n:${number}` : `s:${text}`;
}

const tableKey = (schema: string, table: string) => `${schema}\u0000${table}`;

/** Where one binding is filed: any change, one table, or one table's rows with column = value. */
function routeOf(binding: ChangeBinding): { table?: string; column?: string; value?: string } {
  const { schema, table, filter } = binding;
  if (schema === '*' || !table || table === '*') return {};
  const key = tableKey(schema, table);
  if (filter?.op !== 'eq') return { table: key };
  const value = valueKey(filter.values[0]);
  return value === undefined ? { table: key } : { table: key, column: filter.column, value };
}

/**
 * The members with postgres_changes bindings, filed by what they listen to, so a change looks
 * only at the members that could want it instead of every member of the instance: a thousand
 * conversations each watched with `conversation_id=eq.<id>` cost one lookup per change, not a
 * thousand filter tests. It only narrows: bindingMatches in changes.ts still decides.
 */
export class ChangeIndex {
  /** Bindings on every table (schema or table '*'). */
  private readonly anyTable = new Set<Membership>();
  /** Bindings on one table without an eq filter. */
  private readonly byTable = new Map<string, Set<Membership>>();
  /** Bindings on one table with column=eq.value: table -> column -> value -> members. */
  private readonly byValue = new Map<string, Map<string, Map<string, Set<Membership>>>>();

  add(member: Membership) {
    for (const binding of member.bindings) {
      const { table, column, value } = routeOf(binding);
      if (!table) this.anyTable.add(member);
      else if (column === undefined || value === undefined) {
        let members = this.byTable.get(table);
        if (!members) this.byTable.set(table, (members = new Set()));
        members.add(member);
      } else {
        let columns = this.byValue.get(table);
        if (!columns) this.byValue.set(table, (columns = new Map()));
        let values = columns.get(column);
        if (!values) columns.set(column, (values = new Map()));
        let members = values.get(value);
        if (!members) values.set(value, (members = new Set()));
        members.add(member);
      }
    }
  }

  remove(member: Membership) {
    for (const binding of member.bindings) {
      const { table, column, value } = routeOf(binding);
      if (!table) this.anyTable.delete(member);
      else if (column === undefined || value === undefined) {
        const members = this.byTable.get(table);
        members?.delete(member);
        if (members?.size === 0) this.byTable.delete(table);
      } else {
        const columns = this.byValue.get(table);
        const values = columns?.get(column);
        const members = values?.get(value);
        members?.delete(member);
        if (members?.size === 0) values?.delete(value);
        if (values?.size === 0) columns?.delete(column);
        if (columns?.size === 0) this.byValue.delete(table);
      }
    }
  }

  /**
   * Every member that may have a binding matching a change to schema.table whose row (or, for
   * a DELETE, key) is `record`. A record without the filtered column (a key-only delete, a row
   * too large for the notice) passes the filter, as matchesFilter has it.
   */
  candidates(schema: string, table: string, record: Row | null | undefined): Set<Membership> {
    const found = new Set<Membership>(this.anyTable);
    const key = tableKey(schema, table);
    for (const member of this.byTable.get(key) ?? []) found.add(member);
    for (const [column, values] of this.byValue.get(key) ?? []) {
      if (!record || !(column in record)) {
        for (const members of values.values()) for (const member of members) found.add(member);
        continue;
      }
      const value = valueKey(record[column]);
      for (const member of (value !== undefined && values.get(value)) || []) found.add(member);
    }
    return found;
  }
}
