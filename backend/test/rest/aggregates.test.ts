import { describeEachDb } from '../support/test-server.ts';
import { raw, serviceClient, suiteFixture } from '../support/rest-helpers.ts';

/**
 * Aggregate functions as PostgREST 12 serves them (enabled, as with db-aggregates-enabled):
 * avg, count, max, min and sum on columns, automatic GROUP BY over the other selected columns,
 * aliases, casts before and after the aggregate, aggregates inside embeds and hoisted out of
 * to-one spreads, and PGRST127 for aggregates in a to-many spread.
 */
const fixture = suiteFixture(
  'rest_aggregates',
  `
create table public.ag_customers (
  id int primary key,
  name text not null,
  city text not null
);
create table public.ag_orders (
  id int primary key,
  customer_id int references public.ag_customers(id),
  amount numeric(10, 2) not null,
  quantity int,
  order_date date not null,
  details jsonb not null default '{}'
);
insert into public.ag_customers values (1, 'Ann', 'Leeds'), (2, 'Bob', 'York'), (3, 'Cat', 'Leeds');
insert into public.ag_orders values
  (1, 1, 10.50, 1, '2026-01-01', '{"tax": "1"}'),
  (2, 1, 20.00, null, '2026-01-02', '{"tax": "2"}'),
  (3, 2, 5.25, 3, '2026-01-01', '{"tax": "3"}'),
  (4, 2, 100.00, 4, '2026-01-02', '{}'),
  (5, null, 1.00, 1, '2026-01-02', '{}');
create function public.ag_big_orders(min_amount numeric) returns setof public.ag_orders
language sql stable as $$ select * from public.ag_orders where amount >= min_amount $$;
`,
);

describeEachDb(
  'rest gateway: aggregate functions',
  ({ server }) => {
    test('sum, avg, min, max and count over the whole table', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('ag_orders')
        .select('amount.sum(), amount.avg(), amount.min(), amount.max(), quantity.count()');
      expect(error).toBeNull();
      expect(data).toEqual([{ sum: 136.75, avg: 27.35, min: 1, max: 100, count: 4 }]);
    });

    test('count() counts rows, col.count() non-null values; aliases and result casts', async () => {
      const db = serviceClient(server());
      const { data } = await db.from('ag_orders').select('count(), with_qty:quantity.count()');
      expect(data).toEqual([{ count: 5, with_qty: 4 }]);
      const cast = await db.from('ag_orders').select('n:count()::text, total:amount.sum()::int');
      expect(cast.data).toEqual([{ n: '5', total: 137 }]);
      // The legacy `count` column works too.
      expect((await db.from('ag_orders').select('count')).data).toEqual([{ count: 5 }]);
    });

    test('groups by every other selected column, honouring filters and order', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('ag_orders')
        .select('day:order_date, total:amount.sum(), orders:count()')
        .not('customer_id', 'is', null)
        .order('order_date', { ascending: false });
      expect(error).toBeNull();
      expect(data).toEqual([
        { day: '2026-01-02', total: 120, orders: 2 },
        { day: '2026-01-01', total: 15.75, orders: 2 },
      ]);
    });

    test('casts the column before aggregating (json text to a number)', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('ag_orders')
        .select('tax:details->>tax::int.sum(), qty:quantity::numeric.avg()::int');
      expect(error).toBeNull();
      expect(data).toEqual([{ tax: 6, qty: 2 }]);
    });

    test('aggregates inside a to-many embed, grouped per parent row', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .from('ag_customers')
        .select('name, ag_orders(amount.sum(), count())')
        .order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { name: 'Ann', ag_orders: [{ sum: 30.5, count: 2 }] },
        { name: 'Bob', ag_orders: [{ sum: 105.25, count: 2 }] },
        // Without grouping columns an aggregate always yields one row, as in SQL (and PostgREST).
        { name: 'Cat', ag_orders: [{ sum: null, count: 0 }] },
      ]);
      const legacy = await db.from('ag_customers').select('name, ag_orders(count)').eq('id', 1);
      expect(legacy.data).toEqual([{ name: 'Ann', ag_orders: [{ count: 2 }] }]);
    });

    test('grouping by a to-one embed, and aggregates hoisted out of a to-one spread', async () => {
      const db = serviceClient(server());
      const grouped = await db
        .from('ag_orders')
        .select('total:amount.sum(), ag_customers(city)')
        .not('customer_id', 'is', null);
      expect(grouped.error).toBeNull();
      expect(grouped.data).toHaveLength(2);
      expect(grouped.data).toEqual(
        expect.arrayContaining([
          { total: 30.5, ag_customers: { city: 'Leeds' } },
          { total: 105.25, ag_customers: { city: 'York' } },
        ]),
      );
      const spread = await db
        .from('ag_orders')
        .select('order_date, ...ag_customers(customers:id.count())')
        .order('order_date');
      expect(spread.error).toBeNull();
      expect(spread.data).toEqual([
        { order_date: '2026-01-01', customers: 2 },
        { order_date: '2026-01-02', customers: 2 },
      ]);
    });

    test('aggregates on an rpc that returns table rows', async () => {
      const db = serviceClient(server());
      const { data, error } = await db
        .rpc('ag_big_orders', { min_amount: 10 })
        .select('amount.max(), count()');
      expect(error).toBeNull();
      expect(data).toEqual([{ max: 100, count: 3 }]);
    });

    test('refusals: a to-many spread (PGRST127) and sum() without a column (PGRST200)', async () => {
      const s = server();
      const toMany = await raw(s, `/ag_customers?select=name,...ag_orders(amount.sum())`);
      expect(toMany.status).toBe(400);
      expect(toMany.body).toEqual({
        code: 'PGRST127',
        message: 'Feature not implemented',
        details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
        hint: null,
      });
      // As in PostgREST's grammar, `sum()` is an embed of a relation named "sum".
      const bare = await raw(s, `/ag_orders?select=sum()`);
      expect(bare.status).toBe(400);
      expect(bare.body?.code).toBe('PGRST200');
      const unknown = await raw(s, `/ag_orders?select=nope.sum()`);
      expect(unknown.status).toBe(400);
      expect(unknown.body?.code).toBe('42703');
    });
  },
  { extraMigrationsDir: fixture },
);

describeEachDb(
  'rest gateway: aggregate functions switched off',
  ({ server }) => {
    test('PGRST_DB_AGGREGATES_ENABLED=false refuses aggregates with PGRST123', async () => {
      const refused = await raw(server(), `/ag_orders?select=amount.sum()`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        code: 'PGRST123',
        message: 'Use of aggregate functions is not allowed',
        details: null,
        hint: null,
      });
      const plain = await raw(server(), `/ag_orders?select=id&id=eq.1`);
      expect(plain.body).toEqual([{ id: 1 }]);
    });
  },
  { extraMigrationsDir: fixture, env: { PGRST_DB_AGGREGATES_ENABLED: 'false' } },
);
