/**
 * What the schema does around profiles, through supabase-js against the real server: the
 * sign-up trigger (profile, plan and company from metadata), profiles.role following
 * admin_users, ratings kept from reviews, and the weighted full-text search visitors use.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

interface Profile {
  id: string;
  name: string;
  account_type: string;
  role: string;
  company: string | null;
  company_id: string | null;
  rating: number | string;
  review_count: number;
}

describeEachDb('profiles schema', ({ server }) => {
  let service: SupabaseClient;
  let anon: SupabaseClient;
  const run = randomUUID().slice(0, 8);
  const email = (name: string) => `${name}-${run}@example.com`;
  const profile = async (id: string) =>
    must(await service.from('profiles').select('*').eq('id', id).single(), 'profile') as Profile;

  beforeAll(() => {
    service = newClient(server(), server().serviceRoleKey);
    anon = newClient(server(), server().anonKey);
  });

  test('a business sign-up gets its profile and an unverified, normalised company link', async () => {
    const { id } = await createSignedInUser(server(), service, email('biz'), {
      name: 'Bo Business',
      account_type: 'business',
      company: 'Highland Widgets',
      company_data: {
        company_number: 'sc 4567',
        company_name: 'HIGHLAND WIDGETS LTD',
        company_type: 'ltd',
      },
    });
    const p = await profile(id);
    expect(p).toMatchObject({
      name: 'Bo Business',
      account_type: 'business',
      role: 'user',
      company: 'Highland Widgets',
    });
    const company = must(
      await service.from('companies').select('*').eq('id', p.company_id!).single(),
      'company',
    ) as Record<string, unknown>;
    // Client metadata is never trusted as verification: the server verifies later.
    expect(company).toMatchObject({
      company_number: 'SC004567',
      company_name: 'HIGHLAND WIDGETS LTD',
      verified_at: null,
    });
  });

  test('a sign-up without a name is named after its e-mail and defaults to professional', async () => {
    const { id } = await createSignedInUser(server(), service, email('nameless'), {});
    expect(await profile(id)).toMatchObject({
      name: `nameless-${run}`,
      account_type: 'professional',
    });
  });

  test('staff status lives in admin_users only: profiles.role never names staff', async () => {
    const { id, client } = await createSignedInUser(server(), service, email('staff'), {
      name: 'Stef',
    });
    must(await service.from('admin_users').insert({ user_id: id, role: 'admin' }), 'appoint');
    // profiles are readable by others (visitors included): they must not tell who is staff.
    expect((await profile(id)).role).toBe('user');
    const isAdmin = await client.rpc('is_admin');
    expect(isAdmin.data).toBe(true);
    must(
      await service.from('admin_users').update({ is_active: false }).eq('user_id', id),
      'deactivate',
    );
    expect((await profile(id)).role).toBe('user');
    expect((await client.rpc('is_admin')).data).toBe(false);
  });

  test('reviews keep the rating and review count of the professional', async () => {
    const pro = await createSignedInUser(server(), service, email('rated'), { name: 'Rae Rated' });
    const ids: string[] = [];
    for (const [name, rating] of [
      ['r1', 5],
      ['r2', 4],
    ] as const) {
      const reviewer = await createSignedInUser(server(), service, email(name), {
        name,
        account_type: 'business',
      });
      ids.push(reviewer.id);
      must(
        await service
          .from('reviews')
          .insert({ professional_id: pro.id, reviewer_id: reviewer.id, rating }),
        'review',
      );
    }
    expect(await profile(pro.id)).toMatchObject({ review_count: 2 });
    expect(Number((await profile(pro.id)).rating)).toBe(4.5);
    must(await service.from('reviews').delete().eq('reviewer_id', ids[0]), 'withdraw');
    expect(await profile(pro.id)).toMatchObject({ review_count: 1 });
    expect(Number((await profile(pro.id)).rating)).toBe(4);
  });

  test('visitors find professionals by weighted full-text search, never businesses', async () => {
    const word = `zyx${run}`;
    const pro = await createSignedInUser(server(), service, email('searchable'), {
      name: 'Sia Search',
    });
    const biz = await createSignedInUser(server(), service, email('hidden'), {
      name: 'Hal Hidden',
      account_type: 'business',
    });
    must(
      await pro.client
        .from('profiles')
        .update({ title: `Kubernetes ${word} engineer`, skills: ['go'], location: 'Leeds' })
        .eq('id', pro.id),
      'edit own profile',
    );
    must(
      await biz.client
        .from('profiles')
        .update({ description: `We need ${word}` })
        .eq('id', biz.id),
      'edit biz',
    );
    const found = must(
      await anon
        .from('profiles')
        .select('id')
        .textSearch('search_vector', `${word} leeds`, { config: 'english', type: 'websearch' }),
      'search',
    ) as { id: string }[];
    expect(found).toEqual([{ id: pro.id }]);
  });
});
