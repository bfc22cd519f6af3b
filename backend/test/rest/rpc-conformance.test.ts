import { describeEachDb } from '../support/test-server.ts';
import { raw, serviceClient, suiteFixture } from '../support/rest-helpers.ts';

/**
 * Functions as RPC, as PostgREST 12 calls them: set, row, view and scalar results with select,
 * embedding, filters, count and head applied after the call; row-typed and default arguments;
 * overloads resolved by argument names (PGRST203 when they cannot be); single unnamed
 * json/text/bytea parameters taking the whole body; GET with arguments in the query string;
 * PGRST202 with PostgREST's details and hints.
 */
const fixture = suiteFixture(
  'rest_rpc',
  `
create table public.rp_items (id int primary key, name text not null, price numeric not null);
create table public.rp_tags (id int primary key, item_id int references public.rp_items(id), tag text);
create view public.rp_cheap_items as select id, name, price from public.rp_items where price < 10;
insert into public.rp_items values (1, 'pen', 2), (2, 'book', 12), (3, 'lamp', 30), (4, 'cup', 5);
insert into public.rp_tags values (1, 1, 'office'), (2, 1, 'school'), (3, 3, 'home');

create function public.rp_items_over(min_price numeric) returns setof public.rp_items
language sql stable as $$ select * from public.rp_items where price > min_price $$;
create function public.rp_item(item_id int) returns public.rp_items
language sql stable as $$ select * from public.rp_items where id = item_id $$;
create function public.rp_cheap() returns setof public.rp_cheap_items
language sql stable as $$ select * from public.rp_cheap_items $$;
create function public.rp_double(n int) returns int language sql immutable as $$ select n * 2 $$;
create function public.rp_numbers(n int) returns setof int
language sql immutable as $$ select generate_series(1, n) $$;
create function public.rp_with_tax(item public.rp_items) returns numeric
language sql immutable as $$ select item.price * 1.2 $$;
create function public.rp_pow(base int, exp int default 2) returns int
language sql immutable as $$ select (base ^ exp)::int $$;
create function public.rp_greet(name text) returns text
language sql immutable as $$ select 'hello ' || name $$;
create function public.rp_greet(first text, last text) returns text
language sql immutable as $$ select 'hello ' || first || ' ' || last $$;
create function public.rp_pick(a int) returns text language sql immutable as $$ select 'int' $$;
create function public.rp_pick(a text) returns text language sql immutable as $$ select 'text' $$;
create function public.rp_echo(json) returns json language sql immutable as $$ select $1 $$;
create function public.rp_shout(text) returns text language sql immutable as $$ select upper($1) $$;
create function public.rp_size(bytea) returns int language sql immutable as $$ select length($1) $$;
`,
);

describeEachDb(
  'rest gateway: functions as rpc',
  ({ server }) => {
    test('a set of table rows takes select, embedding, filters, order, count and head', async () => {
      const db = serviceClient(server());
      const { data, error, count } = await db
        .rpc('rp_items_over', { min_price: 3 }, { count: 'exact' })
        .select('name, rp_tags(tag)')
        .lt('price', 20)
        .order('name');
      expect(error).toBeNull();
      expect(count).toBe(2);
      expect(data).toEqual([
        { name: 'book', rp_tags: [] },
        { name: 'cup', rp_tags: [] },
      ]);
      const head = await db.rpc('rp_items_over', { min_price: 0 }, { count: 'exact', head: true });
      expect(head.error).toBeNull();
      expect(head.count).toBe(4);
      expect(head.data).toBeNull();
    });

    test('GET with arguments in the query string, filters on the rest', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .rpc('rp_items_over', { min_price: 1 }, { get: true })
        .select('id, rp_tags(tag)')
        .eq('name', 'pen');
      expect(error).toBeNull();
      expect(data).toEqual([{ id: 1, rp_tags: [{ tag: 'office' }, { tag: 'school' }] }]);
    });

    test('a single row is an object; a view-typed set embeds like the view', async () => {
      const db = serviceClient(server());
      const one = await db.rpc('rp_item', { item_id: 3 }).select('name, rp_tags(tag)');
      expect(one.error).toBeNull();
      expect(one.data).toEqual({ name: 'lamp', rp_tags: [{ tag: 'home' }] });
      const cheap = await db.rpc('rp_cheap').select('name, rp_tags(tag)').order('price');
      expect(cheap.error).toBeNull();
      expect(cheap.data).toEqual([
        { name: 'pen', rp_tags: [{ tag: 'office' }, { tag: 'school' }] },
        { name: 'cup', rp_tags: [] },
      ]);
    });

    test('scalars, sets of scalars with count, row-typed and default arguments', async () => {
      const db = serviceClient(server());
      expect((await db.rpc('rp_double', { n: 21 })).data).toBe(42);
      const numbers = await db.rpc('rp_numbers', { n: 3 }, { count: 'exact' });
      expect(numbers.data).toEqual([1, 2, 3]);
      expect(numbers.count).toBe(3);
      const taxed = await db.rpc('rp_with_tax', { item: { id: 9, name: 'x', price: 10 } });
      expect(taxed.error).toBeNull();
      expect(Number(taxed.data)).toBe(12);
      expect((await db.rpc('rp_pow', { base: 3 })).data).toBe(9);
      expect((await db.rpc('rp_pow', { base: 2, exp: 5 })).data).toBe(32);
    });

    test('overloads resolve by argument names; PGRST203 when they cannot', async () => {
      const s = server();
      const db = serviceClient(s);
      expect((await db.rpc('rp_greet', { name: 'Ann' })).data).toBe('hello Ann');
      expect((await db.rpc('rp_greet', { first: 'Ann', last: 'Lee' })).data).toBe('hello Ann Lee');
      const both = await raw(s, '/rpc/rp_pick', { method: 'POST', body: '{"a":1}' });
      expect(both.status).toBe(300);
      expect(both.body?.code).toBe('PGRST203');
      expect(both.body?.message).toMatch(
        /^Could not choose the best candidate function between: public\.rp_pick\(a => (integer|text)\), public\.rp_pick\(a => (integer|text)\)$/,
      );
      expect(both.body?.hint).toBe(
        'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      );
    });

    test('a single unnamed parameter takes the whole body: json, text and bytea', async () => {
      const s = server();
      const db = serviceClient(s);
      expect((await db.rpc('rp_echo', { any: ['shape'] })).data).toEqual({ any: ['shape'] });
      const text = await raw(s, '/rpc/rp_shout', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'quiet please',
      });
      expect(text.status).toBe(200);
      expect(text.body).toBe('QUIET PLEASE');
      const bytes = await raw(s, '/rpc/rp_size', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: new Uint8Array([0, 1, 2, 255]),
      });
      expect(bytes.status).toBe(200);
      expect(bytes.body).toBe(4);
    });

    test('PGRST202: unknown function or arguments, with details and a hint', async () => {
      const s = server();
      const typo = await raw(s, '/rpc/rp_doubel', { method: 'POST', body: '{"n":1}' });
      expect(typo.status).toBe(404);
      expect(typo.body).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.rp_doubel(n) in the schema cache',
        details:
          'Searched for the function public.rp_doubel with parameter n or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.rp_double',
      });
      const wrongArgs = await raw(s, '/rpc/rp_pow?bse=2');
      expect(wrongArgs.status).toBe(404);
      expect(wrongArgs.body).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.rp_pow(bse) in the schema cache',
        details:
          'Searched for the function public.rp_pow with parameter bse, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.rp_pow(base, exp)',
      });
      const noText = await raw(s, '/rpc/rp_double', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '1',
      });
      expect(noText.status).toBe(404);
      expect(noText.body).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.rp_double in the schema cache',
        details:
          'Searched for the function public.rp_double with a single unnamed text parameter, but no matches were found in the schema cache.',
        hint: null,
      });
    });
  },
  { extraMigrationsDir: fixture },
);
