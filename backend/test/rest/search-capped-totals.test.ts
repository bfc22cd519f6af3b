import { client, serviceClient, suiteFixture } from '../support/rest-helpers.ts';
import { describeEachDb, type TestServer } from '../support/test-server.ts';

interface Card {
  id: string;
  skills: string[];
  featured: boolean;
  rating: number;
  review_count: number;
}
interface Page {
  total: number;
  total_capped: boolean;
  page: number;
  items: Card[];
}

/**
 * search_professionals counts matches only up to search_total_cap() (1,000 in production), so a
 * broad search costs the same however many professionals match. This suite lowers the cap to 10
 * over 120 seeded professionals to see what a caller gets on each side of it.
 */
const CAP = 10;
const lowerCap = suiteFixture(
  'search_cap',
  `create or replace function public.search_total_cap() returns integer language sql immutable
     set search_path = '' as $$ select ${CAP} $$;`,
);

async function search(server: TestServer, args: Record<string, unknown>): Promise<Page> {
  const { data, error } = await client(server).rpc('search_professionals', args);
  expect(error).toBeNull();
  return data as Page;
}

const featuredOrder = (a: Card, b: Card) =>
  Number(b.featured) - Number(a.featured) ||
  b.rating - a.rating ||
  b.review_count - a.review_count ||
  a.id.localeCompare(b.id);

describeEachDb(
  'search_professionals: totals counted up to a cap',
  ({ server }) => {
    test('past the cap the total is the cap, flagged, and pages still follow one order', async () => {
      const first = await search(server(), { p_query: null, p_page_size: 6 });
      expect(first).toMatchObject({ total: CAP, total_capped: true });
      expect(first.items).toHaveLength(6);
      const second = await search(server(), { p_query: null, p_page_size: 6, p_page: 2 });
      const both = [...first.items, ...second.items];
      expect(new Set(both.map((card) => card.id)).size).toBe(12);
      expect(both).toEqual([...both].sort(featuredOrder));
    });

    test('a broad word is listed featured and best rated first; a narrow one is ranked', async () => {
      const { data: rows } = await serviceClient(server())
        .from('profiles')
        .select('skills')
        .eq('account_type', 'professional');
      const counts = new Map<string, number>();
      for (const row of rows ?? [])
        for (const skill of (row.skills as string[]) ?? [])
          if (/^[a-z]+$/i.test(skill)) counts.set(skill, (counts.get(skill) ?? 0) + 1);
      const byUse = [...counts].sort((a, b) => b[1] - a[1]);
      const [broad, broadCount] = byUse[0];
      expect(broadCount).toBeGreaterThan(CAP);

      const wide = await search(server(), { p_query: broad, p_page_size: 12 });
      expect(wide).toMatchObject({ total: CAP, total_capped: true });
      expect(wide.items).toEqual([...wide.items].sort(featuredOrder));

      const narrow = byUse.find(([, count]) => count > 1 && count <= CAP);
      expect(narrow).toBeDefined();
      const few = await search(server(), { p_query: narrow?.[0], p_page_size: 50 });
      expect(few.total_capped).toBe(false);
      expect(few.total).toBeGreaterThanOrEqual(narrow?.[1] ?? 0);
      expect(few.total).toBeLessThanOrEqual(CAP);
      expect(few.items).toHaveLength(few.total);
    });

    test('a search with nothing to correct to says so without a cap', async () => {
      expect(await search(server(), { p_query: 'qqqxxz' })).toMatchObject({
        total: 0,
        total_capped: false,
        items: [],
      });
    });
  },
  { env: { SEED_DEMO_PROFESSIONALS: '120' }, extraMigrationsDir: lowerCap },
);
