/**
 * "Projects for you" (dashboard_matching_projects) looks only at the newest 200 projects a
 * professional may see per category and per skill they list, and at those they applied to
 * (docs/decisions/0238-projects-for-you-recency-window.md): below that many the result is the
 * best fit of every open project, above it an older, better-fitting project is not scored, and
 * the skill postings follow the projects' skills and status.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(120_000);

const WINDOW = 200;

interface Match {
  id: string;
  category: string | null;
  matched_skills: number;
  applied: boolean;
}

describeEachDb('projects for you: the recency window', ({ server }) => {
  let service: SupabaseClient;
  let pro: { id: string; client: SupabaseClient };
  let bizId: string;
  const run = randomUUID().slice(0, 8);
  // skills nobody else lists, in the letter case a business might type them
  const alpha = `Alpha${run}`;
  const beta = `Beta${run}`;
  const daysAgo = (days: number, minutes = 0) =>
    new Date(Date.now() - days * 86_400_000 + minutes * 60_000).toISOString();
  const project = (title: string, category: string, skills: string[], at: string) => ({
    owner_id: bizId,
    title,
    category,
    skills,
    status: 'open',
    created_at: at,
    published_at: at,
  });
  const matches = async () =>
    must(
      await pro.client.rpc('dashboard_matching_projects', { max_rows: 20 }),
      'matches',
    ) as Match[];

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    pro = await createSignedInUser(server(), service, `window-pro-${run}@example.com`, {
      name: 'Wyn Window',
      account_type: 'professional',
    });
    const biz = await createSignedInUser(server(), service, `window-biz-${run}@example.com`, {
      name: 'Bo Business',
      account_type: 'business',
    });
    bizId = biz.id;
    must(
      await service
        .from('profiles')
        .update({ categories: ['it-consulting'], skills: [alpha.toLowerCase(), beta] })
        .eq('id', pro.id),
      'pro profile',
    );
  });

  test('the best fit is found below the window, and an older one above it is not scored', async () => {
    // in their category and asking for both their skills, a month old: the best fit there is
    const best = must(
      await service
        .from('projects')
        .insert(project(`Best ${run}`, 'it-consulting', [alpha.toUpperCase(), beta], daysAgo(30)))
        .select('id')
        .single(),
      'best',
    ) as { id: string };
    must(
      await service
        .from('projects')
        .insert([
          project(`Newer ${run}`, 'it-consulting', [alpha], daysAgo(10)),
          project(`Elsewhere ${run}`, 'ux-ui-design', [beta], daysAgo(10)),
          project(`Unrelated ${run}`, 'ux-ui-design', ['Cobol'], daysAgo(5)),
        ]),
      'a few newer',
    );
    const few = await matches();
    expect(few[0]).toMatchObject({ id: best.id, matched_skills: 2, applied: false });
    expect(few.map((row) => row.matched_skills)).toEqual([2, 1, 1]);

    // a full window of newer projects in their category asking for one skill, and another of
    // newer projects elsewhere asking for the other: the month-old project is now older than
    // the 200th of its category and of each of its skills
    must(
      await service
        .from('projects')
        .insert(
          Array.from({ length: WINDOW }, (_, i) => [
            project(`Category ${i} ${run}`, 'it-consulting', [alpha], daysAgo(9, i)),
            project(`Skill ${i} ${run}`, 'ux-ui-design', [beta], daysAgo(9, i)),
          ]).flat(),
        ),
      'two windows',
    );
    const many = await matches();
    expect(many.map((row) => row.id)).not.toContain(best.id);
    expect(many).toHaveLength(20);
    // still best fit, then newest, among the window
    expect(many.every((row) => row.category === 'it-consulting' && row.matched_skills === 1)).toBe(
      true,
    );
    const newest = must(
      await service
        .from('projects')
        .select('id')
        .eq('category', 'it-consulting')
        .eq('status', 'open')
        .like('title', `Category % ${run}`)
        .order('created_at', { ascending: false })
        .limit(20),
      'newest',
    ) as { id: string }[];
    expect(many.map((row) => row.id)).toEqual(newest.map((row) => row.id));

    // a project they applied to is always scored
    must(
      await pro.client
        .from('project_applications')
        .insert({ project_id: best.id, proposed_rate: 80 }),
      'apply',
    );
    expect((await matches())[0]).toMatchObject({ id: best.id, matched_skills: 2, applied: true });
  });

  test('the skill postings follow the projects skills and status', async () => {
    const fresh = must(
      await service
        .from('projects')
        .insert(project(`Fresh ${run}`, 'it-consulting', [alpha, beta, 'Cobol'], daysAgo(2)))
        .select('id')
        .single(),
      'fresh',
    ) as { id: string };
    const postings = async () =>
      (
        must(
          await service.from('project_skill_postings').select('skill').eq('id', fresh.id),
          'postings',
        ) as { skill: string }[]
      )
        .map((row) => row.skill)
        .sort();
    expect(await postings()).toEqual([alpha.toLowerCase(), beta.toLowerCase(), 'cobol'].sort());
    // their category and both their skills, the newest: first
    expect((await matches())[0]).toMatchObject({ id: fresh.id, matched_skills: 2 });
    must(
      await service
        .from('projects')
        .update({ skills: ['Cobol'] })
        .eq('id', fresh.id),
      'reskill',
    );
    expect(await postings()).toEqual(['cobol']);
    must(await service.from('projects').update({ status: 'closed' }).eq('id', fresh.id), 'close');
    expect(await postings()).toEqual([]);
    expect((await matches()).map((row) => row.id)).not.toContain(fresh.id);
  });
});
