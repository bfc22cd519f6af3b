/**
 * Reviews after a completed project or appointment, through supabase-js against the real server:
 * the business reviews once for each, the professional replies once, the profile's rating
 * counts them all, and the marketplace success figure is completed projects over hired projects.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

type Actor = { id: string; client: SupabaseClient };

describeEachDb('reviews after projects and appointments', ({ server }) => {
  let service: SupabaseClient;
  let biz: Actor;
  let pro: Actor;
  let stranger: Actor;

  const make = (label: string, meta: Record<string, unknown>) =>
    createSignedInUser(server(), service, `${label}-${randomUUID().slice(0, 8)}@example.com`, {
      name: label,
      ...meta,
    });

  /** A project b posted and hired pro for; completed unless told otherwise. */
  async function hiredProject(complete = true) {
    const project = must(
      await biz.client
        .from('projects')
        .insert({ owner_id: biz.id, title: 'Audit', status: 'open' })
        .select('id')
        .single(),
      'post',
    ) as { id: string };
    const proposal = must(
      await pro.client
        .from('project_applications')
        .insert({ project_id: project.id, professional_id: pro.id })
        .select('id')
        .single(),
      'apply',
    ) as { id: string };
    must(
      await biz.client
        .from('project_applications')
        .update({ status: 'accepted' })
        .eq('id', proposal.id),
      'hire',
    );
    if (complete) {
      must(
        await biz.client.from('projects').update({ status: 'completed' }).eq('id', project.id),
        'complete',
      );
    }
    return project.id;
  }

  beforeAll(async () => {
    const s = server();
    service = newClient(s, s.serviceRoleKey);
    biz = await make('biz', { account_type: 'business' });
    pro = await make('pro', { account_type: 'professional', selected_plan: 'pro' });
    stranger = await make('stranger', { account_type: 'business' });
  }, 120_000);

  const review = (who: Actor, projectId: string | null, rating = 5) =>
    who.client
      .from('reviews')
      .insert({ professional_id: pro.id, project_id: projectId, rating, comment: 'Excellent work' })
      .select('id')
      .single();

  test('no review before the project is complete, nor from a business that never hired them', async () => {
    const ongoing = await hiredProject(false);
    expect((await review(biz, ongoing)).error?.code).toBe('42501');
    expect((await review(stranger, null)).error?.code).toBe('42501');
  });

  test('the business reviews once, the professional replies once, the profile rating follows', async () => {
    const projectId = await hiredProject();
    const first = must(await review(biz, projectId, 4), 'review') as { id: string };
    const again = await review(biz, projectId, 5);
    expect(again.error?.code).toBe('23505');

    const profile = must(
      await newClient(server(), server().anonKey)
        .from('profiles')
        .select('rating, review_count')
        .eq('id', pro.id)
        .single(),
      'profile',
    ) as { rating: number; review_count: number };
    expect(profile).toEqual({ rating: 4, review_count: 1 });

    // the business cannot write the reply; the professional cannot change the rating
    const forged = await biz.client
      .from('reviews')
      .update({ professional_reply: 'Thanks from me' })
      .eq('id', first.id);
    expect(forged.error?.message).toBe('Only the professional reviewed can reply.');
    const rerate = await pro.client.from('reviews').update({ rating: 5 }).eq('id', first.id);
    expect(rerate.error?.message).toBe('Only the reviewer can change a review.');

    const reply = must(
      await pro.client
        .from('reviews')
        .update({ professional_reply: 'Thank you, a pleasure.' })
        .eq('id', first.id)
        .select('professional_reply, replied_at')
        .single(),
      'reply',
    ) as { professional_reply: string; replied_at: string | null };
    expect(reply.professional_reply).toBe('Thank you, a pleasure.');
    expect(reply.replied_at).not.toBeNull();
    const second = await pro.client
      .from('reviews')
      .update({ professional_reply: 'Changed my mind' })
      .eq('id', first.id);
    expect(second.error?.message).toBe('You have already replied to this review.');

    // visitors read the review and the reply on the profile
    const seen = must(
      await newClient(server(), server().anonKey)
        .from('reviews')
        .select('rating, comment, professional_reply')
        .eq('id', first.id)
        .single(),
      'public read',
    );
    expect(seen).toEqual({
      rating: 4,
      comment: 'Excellent work',
      professional_reply: 'Thank you, a pleasure.',
    });
  });

  test('the success figure is completed projects over hired projects', async () => {
    const stats = async () =>
      (
        must(await newClient(server(), server().anonKey).rpc('marketplace_stats'), 'stats') as {
          success_rate: number | null;
        }
      ).success_rate;
    const counts = async () => {
      const rows = must(
        await service.from('projects').select('status').not('hired_professional_id', 'is', null),
        'projects',
      ) as { status: string }[];
      return { hired: rows.length, completed: rows.filter((r) => r.status === 'completed').length };
    };
    await hiredProject(false);
    const { hired, completed } = await counts();
    expect(hired).toBeGreaterThan(completed);
    expect(Number(await stats())).toBe(Math.round((100 * completed) / hired));
  });

  /** A call between biz and pro (written as the service role), `endedMinutesAgo` < 0: still to come. */
  async function call(status: string, endedMinutesAgo: number, business = biz) {
    const ends = new Date(Date.now() - endedMinutesAgo * 60_000);
    const starts = new Date(ends.getTime() - 30 * 60_000);
    const row = {
      business_id: business.id,
      professional_id: pro.id,
      created_by: business.id,
      proposed_by: business.id,
      title: 'Call',
      starts_at: starts.toISOString(),
      ends_at: ends.toISOString(),
      duration_minutes: 30,
      status,
    };
    return (
      must(await service.from('appointments').insert(row).select('id').single(), 'call') as {
        id: string;
      }
    ).id;
  }
  const reviewCall = (who: Actor, appointmentId: string, rating = 5) =>
    who.client
      .from('reviews')
      .insert({
        professional_id: pro.id,
        appointment_id: appointmentId,
        rating,
        comment: 'Clear advice',
      })
      .select('id')
      .single();
  const profileRating = async () =>
    must(
      await newClient(server(), server().anonKey)
        .from('profiles')
        .select('rating, review_count')
        .eq('id', pro.id)
        .single(),
      'profile',
    ) as { rating: number; review_count: number };

  test('a completed call is reviewed once per appointment and counts in the rating', async () => {
    const before = await profileRating();
    const done = await call('completed', 60);
    // a confirmed call whose end has passed is over before the job marks it completed
    const ended = await call('confirmed', 5);
    must(await reviewCall(biz, done, 5), 'review the completed call');
    expect((await reviewCall(biz, done, 1)).error?.code).toBe('23505');
    const second = must(await reviewCall(biz, ended, 3), 'review the ended call') as { id: string };
    const after = await profileRating();
    expect(after.review_count).toBe(before.review_count + 2);

    // the professional replies once, as to a project's review
    must(
      await pro.client
        .from('reviews')
        .update({ professional_reply: 'Thanks for the call.' })
        .eq('id', second.id),
      'reply',
    );
    const moved = await biz.client
      .from('reviews')
      .update({ appointment_id: done })
      .eq('id', second.id);
    expect(moved.error?.code).toBe('42501');
  });

  test("no review of a call still to come, cancelled, someone else's, or of nothing", async () => {
    expect((await reviewCall(biz, await call('confirmed', -30))).error?.code).toBe('42501');
    expect((await reviewCall(biz, await call('cancelled', 60))).error?.code).toBe('42501');
    const theirs = await call('completed', 60, stranger);
    expect((await reviewCall(biz, theirs)).error?.code).toBe('42501');
    // the professional cannot review themselves through the call, nor name a project and a call
    expect((await reviewCall(pro, await call('completed', 60))).error?.code).toMatch(/42501|23514/);
    const both = await biz.client.from('reviews').insert({
      professional_id: pro.id,
      appointment_id: await call('completed', 60),
      project_id: await hiredProject(),
      rating: 5,
    });
    expect(both.error?.code).toBe('23514');
    expect((await review(biz, null)).error?.code).toBe('42501');
  });
});
