/**
 * The events of the notification catalogue that the database writes where the state changes,
 * through supabase-js against the real server on both databases: who receives each one, who does
 * not, its words and link, the recipient's preferences (in-app and e-mail off drops it; e-mail at
 * once queues it), and the limits of the one written on a user's word (a missed call).
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(120_000);

type Actor = { id: string; client: SupabaseClient; email: string };
interface Note {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

describeEachDb('notifications written where the state changes', ({ server }) => {
  let service: SupabaseClient;
  const run = randomUUID().slice(0, 8);

  const make = async (label: string, accountType: 'business' | 'professional'): Promise<Actor> => {
    const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
    const made = await createSignedInUser(server(), service, email, {
      name: `${label} ${run}`,
      account_type: accountType,
      selected_plan: 'pro',
    });
    return { ...made, email };
  };
  /**
   * What the user sees in their notification centre (their own reads, under RLS), less the match
   * notifications every newly published project sends to the professionals it fits.
   */
  const inbox = async (who: Actor): Promise<Note[]> =>
    must(
      await who.client
        .from('notifications')
        .select('id, kind, title, body, link')
        .neq('kind', 'project_match')
        .order('created_at'),
      'inbox',
    ) as Note[];
  const kinds = async (who: Actor) => (await inbox(who)).map((n) => n.kind);
  const queuedEmail = async (who: Actor, notificationId: string) =>
    must(
      await service
        .from('notification_emails')
        .select('category')
        .eq('user_id', who.id)
        .eq('notification_id', notificationId),
      'queue',
    ) as { category: string }[];
  const post = async (business: Actor, title: string, fields: Record<string, unknown> = {}) =>
    (
      must(
        await business.client
          .from('projects')
          .insert({ owner_id: business.id, title, status: 'open', ...fields })
          .select('id')
          .single(),
        'post',
      ) as { id: string }
    ).id;
  const propose = async (pro: Actor, projectId: string, rate: number) =>
    (
      must(
        await pro.client
          .from('project_applications')
          .insert({ project_id: projectId, professional_id: pro.id, proposed_rate: rate })
          .select('id')
          .single(),
        'propose',
      ) as { id: string }
    ).id;
  const answer = async (business: Actor, proposalId: string, status: string) =>
    must(
      await business.client.from('project_applications').update({ status }).eq('id', proposalId),
      status,
    );

  beforeAll(async () => {
    const s = server();
    service = newClient(s, s.serviceRoleKey);
  });

  test('proposals: the business hears of each new one; the professional of shortlisting, declining and (once, as the hire) acceptance', async () => {
    const business = await make('Bea', 'business');
    const ada = await make('Ada', 'professional');
    const ben = await make('Ben', 'professional');
    const projectId = await post(business, 'Booking API', { budget_type: 'day' });

    const adaProposal = await propose(ada, projectId, 450);
    const benProposal = await propose(ben, projectId, 1200);
    const received = await inbox(business);
    expect(received.map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
      [
        'proposal_received',
        `Ada ${run} sent a proposal`,
        'For "Booking API" at £450 a day.',
        `/projects/${projectId}`,
      ],
      [
        'proposal_received',
        `Ben ${run} sent a proposal`,
        'For "Booking API" at £1,200 a day.',
        `/projects/${projectId}`,
      ],
    ]);
    // proposals are e-mailed at once by default
    expect(await queuedEmail(business, received[0]!.id)).toEqual([{ category: 'proposals' }]);
    // a proposal tells nobody else
    expect(await kinds(ada)).toEqual([]);
    expect(await kinds(ben)).toEqual([]);

    await answer(business, adaProposal, 'shortlisted');
    await answer(business, benProposal, 'declined');
    const [shortlisted] = await inbox(ada);
    expect(shortlisted).toMatchObject({
      kind: 'proposal_shortlisted',
      title: `Bea ${run} shortlisted your proposal`,
      body: 'Your proposal for "Booking API" is on the shortlist.',
      link: `/projects/${projectId}`,
    });
    expect(await inbox(ben)).toMatchObject([
      { kind: 'proposal_declined', title: `Bea ${run} declined your proposal` },
    ]);

    await answer(business, adaProposal, 'accepted');
    const afterHire = await inbox(ada);
    expect(afterHire.map((n) => n.kind)).toEqual(['proposal_shortlisted', 'hire_made']);
    expect(afterHire[1]).toMatchObject({
      title: `Bea ${run} hired you`,
      body: 'Your proposal for "Booking API" at £450 a day was accepted.',
    });
    // the business acted: it is told nothing about its own answers
    expect((await kinds(business)).filter((k) => k !== 'proposal_received')).toEqual([]);
  });

  test('preferences: proposals turned off in-app and by e-mail leave no notification; by digest, no e-mail at once', async () => {
    const business = await make('Cy', 'business');
    const quiet = await make('Quiet', 'professional');
    const digest = await make('Digest', 'professional');
    must(
      await quiet.client
        .from('notification_preferences')
        .upsert({ user_id: quiet.id, kind: 'proposals', in_app: false, email: false }),
      'quiet prefs',
    );
    must(
      await digest.client.from('notification_preferences').upsert({
        user_id: digest.id,
        kind: 'proposals',
        in_app: true,
        email: true,
        email_immediate: false,
      }),
      'digest prefs',
    );
    const projectId = await post(business, 'Data migration');
    await answer(business, await propose(quiet, projectId, 500), 'declined');
    await answer(business, await propose(digest, projectId, 600), 'declined');
    expect(await kinds(quiet)).toEqual([]);
    const [declined] = await inbox(digest);
    expect(declined?.kind).toBe('proposal_declined');
    expect(await queuedEmail(digest, declined!.id)).toEqual([]);
  });

  test('a review tells the professional reviewed, with its rating and comment; the reviewer hears nothing', async () => {
    const business = await make('Dee', 'business');
    const pro = await make('Eli', 'professional');
    const projectId = await post(business, 'Security audit');
    await answer(business, await propose(pro, projectId, 3000), 'accepted');
    must(
      await business.client.from('projects').update({ status: 'completed' }).eq('id', projectId),
      'complete',
    );
    must(
      await business.client.from('reviews').insert({
        professional_id: pro.id,
        reviewer_id: business.id,
        project_id: projectId,
        rating: 5,
        comment: 'Thorough and quick.',
      }),
      'review',
    );
    const notes = await inbox(pro);
    expect(notes.map((n) => n.kind)).toEqual(['hire_made', 'review_received']);
    expect(notes[1]).toMatchObject({
      title: `Dee ${run} left you a 5-star review`,
      body: 'Thorough and quick.',
      link: `/professional/${pro.id}`,
    });
    expect(await kinds(business)).toEqual(['proposal_received']);
  });

  test('a verification decision tells the professional, granted or refused with the reason', async () => {
    const granted = await make('Fay', 'professional');
    const refused = await make('Gus', 'professional');
    for (const who of [granted, refused]) {
      must(
        await service.from('verification_requests').insert({
          user_id: who.id,
          evidence_paths: [`${who.id}/evidence.pdf`],
        }),
        'request',
      );
    }
    // the decision as the portal's function writes it (status, note); any path is caught
    must(
      await service
        .from('verification_requests')
        .update({ status: 'approved', decision_note: 'Certificate checked.' })
        .eq('user_id', granted.id),
      'approve',
    );
    must(
      await service
        .from('verification_requests')
        .update({ status: 'rejected', decision_note: 'The certificate has expired.' })
        .eq('user_id', refused.id),
      'reject',
    );
    expect(await inbox(granted)).toMatchObject([
      {
        kind: 'verification_decided',
        title: 'Your profile is verified',
        body: 'The verified badge is now on your profile. Certificate checked.',
      },
    ]);
    expect(await inbox(refused)).toMatchObject([
      {
        kind: 'verification_decided',
        title: 'We could not verify your profile',
        body: 'Your request for the verified badge was refused. The certificate has expired.',
      },
    ]);
    // a later edit of a decided request tells nobody again
    must(
      await service
        .from('verification_requests')
        .update({ decision_note: 'edited' })
        .eq('user_id', refused.id),
      'edit',
    );
    expect(await kinds(refused)).toEqual(['verification_decided']);
  });

  test('a team invitation tells the account that owns the address, without the link; an unknown address tells nobody', async () => {
    const owner = await make('Hal', 'business');
    const invitee = await make('Ivy', 'professional');
    const team = must(
      await owner.client
        .from('teams')
        .insert({ name: `Crew ${run}` })
        .select('id')
        .single(),
      'team',
    ) as { id: string };
    must(
      await owner.client.rpc('invite_team_member', {
        p_team: team.id,
        p_email: invitee.email.toUpperCase(),
        p_role: 'member',
      }),
      'invite',
    );
    must(
      await owner.client.rpc('invite_team_member', {
        p_team: team.id,
        p_email: `nobody-${run}@example.com`,
        p_role: 'member',
      }),
      'invite stranger',
    );
    const notes = await inbox(invitee);
    expect(notes).toMatchObject([
      {
        kind: 'team_invitation',
        title: `Hal ${run} invited you to the team Crew ${run}`,
        link: '/teams',
      },
    ]);
    expect(notes[0]!.body).toContain('invitation e-mail');
    const token = must(
      await service.from('team_invitation_tokens').select('pending_token'),
      'tokens',
    ) as { pending_token: string | null }[];
    for (const { pending_token } of token) {
      if (pending_token) expect(notes[0]!.body).not.toContain(pending_token);
    }
    const strangers = must(
      await service.from('notifications').select('id').eq('kind', 'team_invitation'),
      'all invitations',
    ) as unknown[];
    expect(strangers).toHaveLength(1);
    expect(await kinds(owner)).toEqual([]);
  });

  test('a missed call tells the other participant, once per conversation in 10 minutes, never an outsider or across a block', async () => {
    const caller = await make('Jo', 'business');
    const callee = await make('Kai', 'professional');
    const outsider = await make('Lou', 'business');
    const sent = must(
      await caller.client
        .rpc('send_message', {
          p_client_id: randomUUID(),
          p_recipient_id: callee.id,
          p_content: 'Shall we talk?',
        })
        .single<{ conversation_id: string }>(),
      'send',
    );
    const conversation = sent!.conversation_id;
    const missed = (who: Actor) =>
      who.client.rpc('record_missed_call', { p_conversation_id: conversation });

    expect(must(await missed(caller), 'missed')).toBe(true);
    expect(await inbox(callee)).toMatchObject([
      {
        kind: 'call_missed',
        title: `Missed call from Jo ${run}`,
        link: `/messages/${conversation}`,
      },
    ]);
    expect(must(await missed(caller), 'again')).toBe(false);
    expect(await kinds(callee)).toEqual(['call_missed']);
    expect(await kinds(caller)).toEqual([]);

    const stranger = await missed(outsider);
    expect(stranger.error?.message).toBe('Conversation not found.');
    const visitor = newClient(server(), server().anonKey);
    expect(
      (await visitor.rpc('record_missed_call', { p_conversation_id: conversation })).error,
    ).not.toBeNull();

    must(
      await callee.client
        .from('user_blocks')
        .insert({ blocker_id: callee.id, blocked_id: caller.id }),
      'block',
    );
    // the callee's own missed call toward the caller is not sent either: a block works both ways
    expect(must(await missed(callee), 'blocked')).toBe(false);
    expect(await kinds(caller)).toEqual([]);
  });

  test('milestones: funded, approved and paid out tell the professional; a dispute tells the other party', async () => {
    const business = await make('Max', 'business');
    const pro = await make('Nia', 'professional');
    const projectId = await post(business, 'Payments API');
    await answer(business, await propose(pro, projectId, 1234), 'accepted');
    const milestone = must(
      await business.client
        .from('milestones')
        .select('id, fee_rate')
        .eq('project_id', projectId)
        .single(),
      'milestone',
    ) as { id: string; fee_rate: number };
    const move = async (status: string, extra: Record<string, unknown> = {}) =>
      must(
        await service
          .from('milestones')
          .update({ status, ...extra })
          .eq('id', milestone.id),
        status,
      );
    const milestoneNotes = async (who: Actor) =>
      (await inbox(who)).filter((n) => n.kind.startsWith('milestone_'));

    await move('funded');
    expect(await milestoneNotes(pro)).toMatchObject([
      {
        kind: 'milestone_funded',
        title: `Max ${run} funded a milestone`,
        link: '/payments',
      },
    ]);
    expect((await milestoneNotes(pro))[0]!.body).toContain('£1,234.00 is held by ProMatch');

    // a dispute opened by the business through its own function tells the professional only
    must(
      await business.client.rpc('open_milestone_dispute', {
        p_milestone: milestone.id,
        p_reason: 'The work was not started.',
      }),
      'dispute',
    );
    const disputed = (await milestoneNotes(pro)).at(-1);
    expect(disputed).toMatchObject({
      kind: 'milestone_disputed',
      title: `Max ${run} opened a dispute`,
    });
    expect(disputed!.body).toContain('Reason given: The work was not started.');
    expect(await milestoneNotes(business)).toEqual([]);

    await move('approved');
    await move('released');
    const fee = Math.round((123_400 * Number(milestone.fee_rate)) / 100);
    const net = ((123_400 - fee) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 });
    expect((await milestoneNotes(pro)).map((n) => [n.kind, n.title])).toEqual([
      ['milestone_funded', `Max ${run} funded a milestone`],
      ['milestone_disputed', `Max ${run} opened a dispute`],
      ['milestone_approved', `Max ${run} approved your work`],
      ['milestone_paid_out', `Payment sent: £${net}`],
    ]);
    // payments go to the digest by default: no e-mail at once
    const paid = (await milestoneNotes(pro)).at(-1)!;
    expect(await queuedEmail(pro, paid.id)).toEqual([]);
    expect(await milestoneNotes(business)).toEqual([]);
  });
});
