import { ChangeIndex } from '../../src/realtime/change-index.ts';
import { parseFilter } from '../../src/realtime/filters.ts';
import type { Membership } from '../../src/realtime/membership.ts';

// Which members a change is tested against: the index may only leave out members whose
// bindings could not match (backend/src/realtime/changes.ts decides among the rest).
let next = 0;
function member(...bindings: { schema?: string; table?: string; filter?: string }[]): Membership {
  next += 1;
  return {
    id: `m${next}`,
    bindings: bindings.map((b, i) => ({
      id: i,
      event: '*',
      schema: b.schema ?? 'public',
      table: b.table,
      filter: parseFilter(b.filter),
    })),
  } as Membership;
}

test('a change reaches the members of its value, its table and every table, not the others', () => {
  const index = new ChangeIndex();
  const mine = member({ table: 'messages', filter: 'conversation_id=eq.c1' });
  const other = member({ table: 'messages', filter: 'conversation_id=eq.c2' });
  const wholeTable = member({ table: 'messages', filter: 'conversation_id=neq.c2' });
  const everything = member({ schema: '*' });
  const elsewhere = member({ table: 'profiles' });
  for (const m of [mine, other, wholeTable, everything, elsewhere]) index.add(m);

  const found = index.candidates('public', 'messages', { id: 1, conversation_id: 'c1' });
  expect([...found].map((m) => m.id).sort()).toEqual(
    [mine.id, wholeTable.id, everything.id].sort(),
  );

  // A key-only record (a DELETE under RLS) lacks the column: every filtered member is asked.
  const keyOnly = index.candidates('public', 'messages', { id: 1 });
  expect(keyOnly.has(mine) && keyOnly.has(other)).toBe(true);

  index.remove(mine);
  expect(index.candidates('public', 'messages', { conversation_id: 'c1' }).has(mine)).toBe(false);
});

test('numbers are matched as numbers, as the filters compare them', () => {
  const index = new ChangeIndex();
  const watcher = member({ table: 'rt_items', filter: 'n=eq.7' });
  index.add(watcher);
  expect(index.candidates('public', 'rt_items', { n: 7 }).has(watcher)).toBe(true);
  expect(index.candidates('public', 'rt_items', { n: '7.0' }).has(watcher)).toBe(true);
  expect(index.candidates('public', 'rt_items', { n: 8 }).has(watcher)).toBe(false);
  expect(index.candidates('public', 'rt_items', { n: null }).has(watcher)).toBe(false);
});
