/**
 * What the dashboard's tables and functions let each caller do, through supabase-js against the
 * real server: profile view and search-appearance counters, the overview panels' functions,
 * sharing files only with conversation partners, the storage figure, and favourite notes.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(90_000);

/** `must` for a call that returns exactly one row or body. */
function present<T>(
  result: { data: T; error: { message: string } | null },
  what: string,
): NonNullable<T> {
  const data = must(result, what);
  if (data === null || data === undefined) throw new Error(`${what}: no data`);
  return data;
}

interface Actor {
  id: string;
  client: SupabaseClient;
}

describeEachDb('dashboard tables and functions', ({ server }) => {
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let pro: Actor;
  let other: Actor;
  let biz: Actor;
  let rival: Actor;
  const run = randomUUID().slice(0, 8);

  const user = (name: string, meta: Record<string, unknown>) =>
    createSignedInUser(
      server(),
      service,
      `${name.split(' ')[0].toLowerCase()}-${run}@example.com`,
      {
        name,
        ...meta,
      },
    );

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    anon = newClient(server(), server().anonKey);
    pro = await user('Pia Pro', { account_type: 'professional' });
    other = await user('Oli Other', { account_type: 'professional' });
    biz = await user('Bex Biz', { account_type: 'business' });
    rival = await user('Rae Rival', { account_type: 'business' });
    must(
      await service
        .from('profiles')
        .update({ categories: ['cloud-services'], skills: ['Terraform', 'AWS'] })
        .eq('id', pro.id),
      'pro profile',
    );
  });

  test('views and search appearances are counted by anyone and read only by the professional', async () => {
    must(await anon.rpc('record_profile_view', { professional: pro.id }), 'anon view');
    must(await biz.client.rpc('record_profile_view', { professional: pro.id }), 'biz view');
    // Their own visits, and a business id, count for nothing.
    must(await pro.client.rpc('record_profile_view', { professional: pro.id }), 'own view');
    must(await anon.rpc('record_profile_view', { professional: biz.id }), 'business id');
    must(
      await anon.rpc('record_search_appearances', { professionals: [pro.id, other.id, pro.id] }),
      'appearances',
    );
    const mine = must(await pro.client.rpc('my_profile_activity', { days: 30 }), 'activity');
    expect(mine).toEqual([{ views: 2, search_appearances: 1 }]);
    expect(must(await other.client.rpc('my_profile_activity'), 'other')).toEqual([
      { views: 0, search_appearances: 1 },
    ]);
    // Nobody reads someone else's counters or writes them directly.
    const peek = await other.client
      .from('profile_stats_daily')
      .select('*')
      .eq('professional_id', pro.id);
    expect(peek.data).toEqual([]);
    const forge = await pro.client
      .from('profile_stats_daily')
      .insert({ professional_id: pro.id, views: 1000 });
    expect(forge.error?.code).toBe('42501');
    expect((await anon.from('profile_stats_daily').select('*')).error?.code).toBe('42501');
    const tooMany = Array.from({ length: 51 }, () => pro.id);
    const flood = await anon.rpc('record_search_appearances', { professionals: tooMany });
    expect(flood.error?.message).toMatch(/at most 50/);
  });

  test('overview panels show each caller only their own projects, proposals and shortlist', async () => {
    const project = present(
      await biz.client
        .from('projects')
        .insert({ title: `Cloud move ${run}`, category: 'cloud-services', status: 'open' })
        .select('id')
        .single(),
      'project',
    );
    must(
      await biz.client
        .from('projects')
        .insert({ title: `Draft ${run}`, skills: ['terraform'], status: 'draft' }),
      'draft',
    );
    const unrelated = present(
      await rival.client
        .from('projects')
        .insert({ title: `Bakery ${run}`, category: 'ux-ui-design', status: 'open' })
        .select('id')
        .single(),
      'unrelated',
    );
    const fresh = present(
      await biz.client
        .from('projects')
        .insert({ title: `Fresh ${run}`, category: 'cloud-services', status: 'open' })
        .select('id')
        .single(),
      'fresh',
    );
    // Past the early-access window, so a professional on the free plan sees both open projects.
    const published_at = new Date(Date.now() - 2 * 86_400_000).toISOString();
    must(
      await service.from('projects').update({ published_at }).in('id', [project.id, unrelated.id]),
      'publish',
    );
    const matches = must(
      await pro.client.rpc('dashboard_matching_projects', { max_rows: 20 }),
      'matches',
    ) as { id: string; applied: boolean }[];
    const ids = matches.map((row) => row.id);
    expect(ids).toContain(project.id);
    expect(ids).not.toContain(unrelated.id);
    // Published just now: inside the early-access window, so not yet for the free plan.
    expect(ids).not.toContain(fresh.id);
    must(await service.from('projects').delete().eq('id', fresh.id), 'remove fresh');
    // A draft is never offered, even when its skills fit.
    expect(matches.every((row) => row.applied === false)).toBe(true);

    must(
      await pro.client
        .from('project_applications')
        .insert({ project_id: project.id, proposed_rate: 90 }),
      'apply',
    );
    const applied = must(await pro.client.rpc('dashboard_matching_projects'), 'after') as {
      id: string;
      applied: boolean;
    }[];
    expect(applied.find((row) => row.id === project.id)?.applied).toBe(true);
    must(
      await biz.client
        .from('project_applications')
        .update({ status: 'shortlisted' })
        .eq('project_id', project.id),
      'shortlist',
    );

    const mine = must(await biz.client.rpc('dashboard_business_projects'), 'biz projects') as {
      title: string;
      proposals: number;
      shortlisted: number;
    }[];
    expect(mine.map((row) => row.title).sort()).toEqual([`Cloud move ${run}`, `Draft ${run}`]);
    expect(mine.find((row) => row.title === `Cloud move ${run}`)).toMatchObject({
      proposals: 1,
      shortlisted: 1,
    });
    expect(must(await biz.client.rpc('dashboard_shortlist'), 'shortlist')).toEqual([
      expect.objectContaining({ professional_id: pro.id, project_title: `Cloud move ${run}` }),
    ]);
    // The rival business sees none of it; a business gets no project matches; visitors get nothing.
    expect(must(await rival.client.rpc('dashboard_shortlist'), 'rival')).toEqual([]);
    expect(
      (must(await rival.client.rpc('dashboard_business_projects'), 'rival projects') as unknown[])
        .length,
    ).toBe(1);
    expect(must(await biz.client.rpc('dashboard_matching_projects'), 'biz matches')).toEqual([]);
    expect((await anon.rpc('dashboard_shortlist')).error?.code).toBe('42501');
  });

  test('a file is shared only with a conversation partner, and storage usage is the callers own', async () => {
    const path = `${pro.id}/brief-${run}.txt`;
    must(
      await pro.client.storage
        .from('files')
        .upload(path, Buffer.from('hello world'), { contentType: 'text/plain' }),
      'upload',
    );
    const file = present(
      await pro.client
        .from('files')
        .insert({ storage_path: path, name: 'brief.txt', size_bytes: 11 })
        .select('id')
        .single(),
      'row',
    );
    const stranger = await pro.client
      .from('files')
      .update({ shared_with: [rival.id] })
      .eq('id', file.id);
    expect(stranger.error?.message).toMatch(/conversation/);
    must(
      await pro.client
        .from('conversations')
        .insert({ participant_1: pro.id, participant_2: biz.id }),
      'conversation',
    );
    must(
      await pro.client
        .from('files')
        .update({ shared_with: [biz.id] })
        .eq('id', file.id),
      'share',
    );
    const shared = present(await biz.client.storage.from('files').download(path), 'download');
    expect(await shared.text()).toBe('hello world');

    const usage = must(await pro.client.rpc('my_storage_usage'), 'usage') as {
      used_bytes: number;
      limit_mb: number;
    }[];
    expect(usage).toEqual([{ used_bytes: 11, limit_mb: 500 }]);
    expect(must(await biz.client.rpc('my_storage_usage'), 'biz usage')).toEqual([
      { used_bytes: 0, limit_mb: 500 },
    ]);
    expect((await anon.rpc('my_storage_usage')).error?.code).toBe('42501');
  });

  test('a favourite carries a private note only its owner reads and edits', async () => {
    const fav = present(
      await biz.client
        .from('favorites')
        .insert({ professional_id: pro.id, note: 'Ask about AWS exam' })
        .select('id, note')
        .single(),
      'favourite',
    );
    expect(fav.note).toBe('Ask about AWS exam');
    must(
      await biz.client.from('favorites').update({ note: 'Call on Monday' }).eq('id', fav.id),
      'edit',
    );
    // Others neither read nor change it; the owner cannot repoint it at someone else.
    expect((await rival.client.from('favorites').select('id').eq('id', fav.id)).data).toEqual([]);
    must(
      await rival.client.from('favorites').update({ note: 'hijack' }).eq('id', fav.id),
      'rival edit',
    );
    const repoint = await biz.client
      .from('favorites')
      .update({ professional_id: other.id })
      .eq('id', fav.id);
    expect(repoint.error?.code).toBe('42501');
    const row = must(
      await service.from('favorites').select('note, professional_id').eq('id', fav.id).single(),
      'read back',
    );
    expect(row).toEqual({ note: 'Call on Monday', professional_id: pro.id });
  });
});
