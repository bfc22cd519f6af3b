/**
 * Projects and proposals through supabase-js against the real server: the feature-access rule in
 * the database, plan changes, early access for pro professionals, the monthly application limit
 * told in words, and a project from draft to completion with hiring by accepting a proposal.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

type Actor = { id: string; client: SupabaseClient };
const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 86_400_000).toISOString();

describeEachDb('projects and plans', ({ server }) => {
  let service: SupabaseClient;
  let biz: Actor;
  let pro: Actor;
  let free: Actor;

  const make = async (label: string, meta: Record<string, unknown>) =>
    createSignedInUser(server(), service, `${label}-${randomUUID().slice(0, 8)}@example.com`, {
      name: label,
      ...meta,
    });

  beforeAll(async () => {
    const s = server();
    service = newClient(s, s.serviceRoleKey);
    biz = await make('biz', { account_type: 'business' });
    pro = await make('pro', { account_type: 'professional', selected_plan: 'pro' });
    free = await make('free', { account_type: 'professional' });
  }, 120_000);

  const post = async (fields: Record<string, unknown> = {}) =>
    must(
      await biz.client
        .from('projects')
        .insert({ owner_id: biz.id, title: 'Build a booking API', ...fields })
        .select('*')
        .single(),
      'post project',
    ) as { id: string; status: string; published_at: string | null };
  const visible = async (who: Actor, id: string) =>
    ((await who.client.from('projects').select('id').eq('id', id)).data ?? []).length === 1;
  const apply = (who: Actor, projectId: string, extra: Record<string, unknown> = {}) =>
    who.client
      .from('project_applications')
      .insert({ project_id: projectId, professional_id: who.id, cover_letter: 'Hello', ...extra })
      .select('id, status')
      .single();

  test('has_feature_access: flag on, -1 unlimited, otherwise usage below the limit', async () => {
    const ask = (who: Actor, feature: string | null, limit: string | null) =>
      who.client.rpc('has_feature_access', { feature, limit_name: limit });
    expect((await ask(pro, 'early_project_access', null)).data).toBe(true);
    expect((await ask(free, 'early_project_access', null)).data).toBe(false);
    expect((await ask(pro, null, 'monthly_applications')).data).toBe(true);
    expect((await ask(free, null, 'monthly_applications')).data).toBe(true);
    expect((await ask(free, 'no_such_flag', null)).data).toBe(false);
    const visitor = newClient(server(), server().anonKey);
    expect((await visitor.rpc('has_feature_access', { feature: null })).error).not.toBeNull();
  });

  test('drafts are private; an open project reaches pro professionals at once and free ones after the early-access window', async () => {
    const draft = await post();
    expect(draft.status).toBe('draft');
    expect(draft.published_at).toBeNull();
    for (const who of [pro, free]) expect(await visible(who, draft.id)).toBe(false);

    const opened = must(
      await biz.client
        .from('projects')
        .update({ status: 'open' })
        .eq('id', draft.id)
        .select('status, published_at')
        .single(),
      'publish',
    ) as { status: string; published_at: string };
    expect(opened.status).toBe('open');
    expect(Date.now() - Date.parse(opened.published_at)).toBeLessThan(60_000);
    expect(await visible(pro, draft.id)).toBe(true);
    expect(await visible(free, draft.id)).toBe(false);
    const early = await apply(free, draft.id);
    expect(early.error?.code).toBe('42501');

    const hours = (await free.client.rpc('early_access_hours')).data as number;
    expect(hours).toBe(24);
    must(
      await service.from('projects').update({ published_at: TWO_DAYS_AGO() }).eq('id', draft.id),
      'age',
    );
    expect(await visible(free, draft.id)).toBe(true);
  });

  test('a business cannot backdate, hire directly or jump a project to completed', async () => {
    const p = await post({ status: 'open', published_at: TWO_DAYS_AGO() });
    expect(Date.now() - Date.parse(p.published_at!)).toBeLessThan(60_000);
    const hire = await biz.client
      .from('projects')
      .update({ hired_professional_id: pro.id })
      .eq('id', p.id);
    expect(hire.error?.code).toBe('42501');
    const jump = await biz.client.from('projects').update({ status: 'completed' }).eq('id', p.id);
    expect(jump.error?.message).toBe('A project cannot go from open to completed.');
  });

  test('the monthly limit refuses the 11th proposal with the limit in the message; upgrading lets it through', async () => {
    const applicant = await make('limited', { account_type: 'professional' });
    const p = await post({ status: 'open' });
    must(
      await service.from('projects').update({ published_at: TWO_DAYS_AGO() }).eq('id', p.id),
      'age',
    );
    must(
      await applicant.client.rpc('track_usage', {
        user_uuid: applicant.id,
        metric_name: 'monthly_applications',
        increment_by: 10,
      }),
      'use up',
    );
    expect(
      (await applicant.client.rpc('has_feature_access', { limit_name: 'monthly_applications' }))
        .data,
    ).toBe(false);
    const refused = await apply(applicant, p.id);
    expect(refused.error?.message).toBe(
      'You have used all 10 of your monthly applications on the Free plan.',
    );
    expect(refused.error?.hint).toMatch(/Upgrade to Pro/);

    const changed = await applicant.client.rpc('change_my_plan', { p_plan: 'pro' });
    expect(changed.error).toBeNull();
    expect((changed.data as { plan_type: string }[])[0].plan_type).toBe('pro');
    const accepted = await apply(applicant, p.id, {
      proposed_rate: 450,
      availability: 'From Monday',
    });
    expect(accepted.error).toBeNull();

    const down = await applicant.client.rpc('change_my_plan', { p_plan: 'free' });
    expect((down.data as { plan_type: string }[])[0].plan_type).toBe('free');
  });

  test('plan changes: pro is for professionals, unknown plans are refused, nobody changes another user', async () => {
    const b = await biz.client.rpc('change_my_plan', { p_plan: 'pro' });
    expect(b.error?.message).toBe('The Pro plan is for professional accounts.');
    const unknown = await free.client.rpc('change_my_plan', { p_plan: 'gold' });
    expect(unknown.error?.message).toBe('There is no plan called gold.');
    const direct = await free.client
      .from('user_subscriptions')
      .update({ plan_type: 'pro' })
      .eq('user_id', free.id)
      .select('id');
    expect(direct.data ?? []).toEqual([]);
    const plan = await free.client.rpc('get_user_subscription_plan', { user_uuid: free.id });
    expect((plan.data as { plan_type: string }[])[0].plan_type).toBe('free');
  });

  test('shortlist, decline and hire: the applicant sees every change; the project completes', async () => {
    const other = await make('other', { account_type: 'professional', selected_plan: 'pro' });
    const p = await post({ status: 'open', budget_type: 'day', budget_min: 400, budget_max: 550 });
    const mine = must(await apply(pro, p.id, { proposed_rate: 500 }), 'apply') as { id: string };
    const theirs = must(await apply(other, p.id), 'apply') as { id: string };

    const setStatus = (id: string, status: string) =>
      biz.client.from('project_applications').update({ status }).eq('id', id);
    const statusSeenBy = async (who: Actor, id: string) =>
      (
        must(
          await who.client.from('project_applications').select('status').eq('id', id).single(),
          'read',
        ) as { status: string }
      ).status;

    expect((await setStatus(mine.id, 'shortlisted')).error).toBeNull();
    expect(await statusSeenBy(pro, mine.id)).toBe('shortlisted');
    expect((await setStatus(theirs.id, 'declined')).error).toBeNull();
    expect(await statusSeenBy(other, theirs.id)).toBe('declined');
    // an applicant cannot accept their own proposal
    const self = await pro.client
      .from('project_applications')
      .update({ status: 'accepted' })
      .eq('id', mine.id);
    expect(self.error?.code).toBe('42501');

    expect((await setStatus(mine.id, 'accepted')).error).toBeNull();
    const hired = must(
      await pro.client
        .from('projects')
        .select('status, hired_professional_id')
        .eq('id', p.id)
        .single(),
      'project',
    );
    expect(hired).toEqual({ status: 'in_progress', hired_professional_id: pro.id });
    // the declined applicant still sees the project they applied to, now in progress
    expect(await visible(other, p.id)).toBe(true);
    const second = await setStatus(theirs.id, 'accepted');
    expect(second.error?.message).toBe(
      'This project is no longer open, so nobody more can be hired.',
    );

    const done = must(
      await biz.client
        .from('projects')
        .update({ status: 'completed' })
        .eq('id', p.id)
        .select('status, completed_at')
        .single(),
      'complete',
    ) as { status: string; completed_at: string | null };
    expect(done.status).toBe('completed');
    expect(done.completed_at).not.toBeNull();
  });

  test('closing stops proposals', async () => {
    const p = await post({ status: 'open' });
    must(await biz.client.from('projects').update({ status: 'closed' }).eq('id', p.id), 'close');
    const late = await apply(pro, p.id);
    expect(late.error?.code).toBe('42501');
  });
});
