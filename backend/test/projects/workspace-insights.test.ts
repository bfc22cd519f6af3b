/**
 * The analytics dashboard's and business intelligence's functions through supabase-js against the
 * real server: each caller gets only their own figures, counted from what the product records
 * (profile views, messages, proposals, appointments, hires), and hired_at is the database's to set.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(90_000);

type Actor = { id: string; client: SupabaseClient };
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface AnalyticsDay {
  day: string;
  profile_views: number;
  search_appearances: number;
  messages_sent: number;
  messages_received: number;
  conversations_to_answer: number;
  answered: number;
  median_response_minutes: number | null;
  proposals: number;
  proposals_accepted: number;
  proposals_declined: number;
  bookings: number;
}
interface Analytics {
  account_type: string;
  days: AnalyticsDay[];
  responses: { turns: number; answered: number; response_rate: number | null };
}
interface Insights {
  months: {
    month: string;
    projects_posted: number;
    hires: number;
    spend_committed: number;
    median_days_to_hire: number | null;
    median_day_rate: number | null;
    market_median_day_rate: number | null;
  }[];
  categories: { category: string; hires: number; market_median_day_rate: number | null }[];
  hires: { title: string; professional_name: string; rate: number; days_to_hire: number }[];
  totals: { hires: number; spend_committed: number; projects_posted: number };
}

describeEachDb('workspace insights: my_analytics and business_insights', ({ server }) => {
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let pro: Actor;
  let other: Actor;
  let biz: Actor;
  let rival: Actor;
  const run = randomUUID().slice(0, 8);
  const today = isoDay(Date.now());
  const weekAgo = isoDay(Date.now() - 6 * DAY);

  const make = (label: string, meta: Record<string, unknown>) =>
    createSignedInUser(
      server(),
      service,
      `${label.split(' ')[0].toLowerCase()}-${run}@example.com`,
      { name: label, ...meta },
    );

  const analytics = async (who: SupabaseClient, from = weekAgo, to = today) =>
    must(await who.rpc('my_analytics', { p_from: from, p_to: to }), 'my_analytics') as Analytics;
  const todayOf = (a: Analytics) => a.days.find((d) => d.day === today)!;

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    anon = newClient(server(), server().anonKey);
    // on Pro: advanced_analytics answers the response figures (decision 0168)
    pro = await make('Pia Pro', { account_type: 'professional', selected_plan: 'pro' });
    other = await make('Oli Other', { account_type: 'professional' });
    biz = await make('Bex Biz', { account_type: 'business' });
    rival = await make('Rae Rival', { account_type: 'business' });
  }, 120_000);

  test('analytics count the caller’s own activity, and nobody else’s', async () => {
    const before = todayOf(await analytics(pro.client));
    expect(before).toMatchObject({ profile_views: 0, messages_sent: 0, proposals: 0 });

    must(await anon.rpc('record_profile_view', { professional: pro.id }), 'view 1');
    must(await biz.client.rpc('record_profile_view', { professional: pro.id }), 'view 2');
    must(await anon.rpc('record_search_appearances', { professionals: [pro.id] }), 'search');

    const project = must(
      await biz.client
        .from('projects')
        .insert({ title: `Day-rate work ${run}`, category: 'cloud-services', budget_type: 'day' })
        .select('id')
        .single(),
      'project',
    ) as { id: string };
    must(
      await service
        .from('projects')
        .update({ status: 'open', published_at: new Date(Date.now() - 2 * DAY).toISOString() })
        .eq('id', project.id),
      'publish',
    );
    const proposal = must(
      await pro.client
        .from('project_applications')
        .insert({ project_id: project.id, cover_letter: 'Hello', proposed_rate: 500 })
        .select('id')
        .single(),
      'proposal',
    ) as { id: string };
    must(
      await biz.client
        .from('project_applications')
        .update({ status: 'accepted' })
        .eq('id', proposal.id),
      'accept',
    );

    const conversation = must(
      await biz.client
        .from('conversations')
        .insert({ participant_1: biz.id, participant_2: pro.id })
        .select('id')
        .single(),
      'conversation',
    ) as { id: string };
    const say = async (who: Actor, content: string) =>
      must(
        await who.client
          .from('messages')
          .insert({ conversation_id: conversation.id, content, sender_id: who.id }),
        content,
      );
    await say(biz, 'Are you free next week?');
    await say(pro, 'Yes, from Monday.');
    await say(biz, 'Great, one more question.');
    await say(biz, 'What is your day rate?');

    must(
      await service.from('appointments').insert({
        business_id: biz.id,
        professional_id: pro.id,
        created_by: biz.id,
        title: 'Kick-off',
        starts_at: new Date(Date.now() + 3 * DAY).toISOString(),
        ends_at: new Date(Date.now() + 3 * DAY + 3_600_000).toISOString(),
      }),
      'appointment',
    );

    const mine = await analytics(pro.client);
    expect(mine.account_type).toBe('professional');
    expect(mine.days).toHaveLength(7);
    expect(todayOf(mine)).toMatchObject({
      profile_views: 2,
      search_appearances: 1,
      messages_sent: 1,
      messages_received: 3,
      // two turns from the business: the first answered, the second (two messages) not yet
      conversations_to_answer: 2,
      answered: 1,
      proposals: 1,
      proposals_accepted: 1,
      proposals_declined: 0,
      bookings: 1,
    });
    expect(todayOf(mine).median_response_minutes).toEqual(expect.any(Number));
    expect(mine.responses).toMatchObject({ turns: 2, answered: 1, response_rate: 50 });

    // the business sees the same conversation from its side, and the proposal it received; its
    // plan (free) has no advanced_analytics, so no response figures
    const theirs = await analytics(biz.client);
    expect(todayOf(theirs)).toMatchObject({
      profile_views: 0,
      messages_sent: 3,
      messages_received: 1,
      proposals: 1,
      proposals_accepted: 1,
      bookings: 1,
    });
    expect(todayOf(theirs)).not.toHaveProperty('conversations_to_answer');
    expect(theirs.responses).toBeNull();

    // another professional's figures are their own: none of the above
    expect(todayOf(await analytics(other.client))).toMatchObject({
      profile_views: 0,
      messages_sent: 0,
      messages_received: 0,
      proposals: 0,
      bookings: 0,
    });
  });

  test('analytics refuse visitors and bad ranges with a clear message', async () => {
    const visitor = await anon.rpc('my_analytics', { p_from: weekAgo, p_to: today });
    expect(visitor.error).not.toBeNull();
    const backwards = await pro.client.rpc('my_analytics', { p_from: today, p_to: weekAgo });
    expect(backwards.error?.message).toBe('Choose a start date on or before the end date.');
    const long = await pro.client.rpc('my_analytics', { p_from: '2024-01-01', p_to: today });
    expect(long.error?.message).toBe('Choose a range of at most 366 days.');
  });

  test('hired_at is stamped by the database when a proposal is accepted; owners cannot set it', async () => {
    const [hired] = must(
      await biz.client
        .from('projects')
        .select('id, hired_at, published_at')
        .eq('title', `Day-rate work ${run}`),
      'hired project',
    ) as { id: string; hired_at: string; published_at: string }[];
    expect(Date.now() - Date.parse(hired.hired_at)).toBeLessThan(120_000);
    const forged = await biz.client
      .from('projects')
      .update({ hired_at: '2020-01-01T00:00:00Z' })
      .eq('id', hired.id)
      .select('hired_at')
      .single();
    expect(forged.error).toBeNull();
    expect(forged.data?.hired_at).toBe(hired.hired_at);
    const draft = must(
      await rival.client
        .from('projects')
        .insert({ title: `Unhired ${run}`, hired_at: '2020-01-01T00:00:00Z' })
        .select('hired_at')
        .single(),
      'draft',
    ) as { hired_at: string | null };
    expect(draft.hired_at).toBeNull();
  });

  test('business intelligence: the business’s own hires against the marketplace median', async () => {
    const insights = must(
      await biz.client.rpc('business_insights', { p_from: weekAgo, p_to: today }),
      'insights',
    ) as Insights;
    expect(insights.totals).toMatchObject({ hires: 1, spend_committed: 0, projects_posted: 1 });
    expect(insights.hires).toEqual([
      expect.objectContaining({
        title: `Day-rate work ${run}`,
        professional_name: 'Pia Pro',
        rate: 500,
        days_to_hire: 2,
      }),
    ]);
    expect(insights.categories).toEqual([
      expect.objectContaining({ category: 'cloud-services', hires: 1 }),
    ]);
    // one day-rate hire in the marketplace is too few to show a median
    const month = insights.months.at(-1)!;
    expect(month.median_day_rate).toBe(500);
    expect(month.market_median_day_rate).toBeNull();

    // a past month with three other businesses' day-rate hires and one fixed-price hire of ours
    const march = '2025-03-10T12:00:00Z';
    const seedHire = async (owner: string, rate: number, budgetType: 'day' | 'fixed') => {
      const p = must(
        await service
          .from('projects')
          .insert({
            owner_id: owner,
            title: `Past ${budgetType} ${rate} ${run}`,
            category: 'business-analysis',
            budget_type: budgetType,
            status: 'in_progress',
            published_at: '2025-03-01T12:00:00Z',
            hired_professional_id: other.id,
            hired_at: march,
          })
          .select('id')
          .single(),
        'seed project',
      ) as { id: string };
      must(
        await service.from('project_applications').insert({
          project_id: p.id,
          professional_id: other.id,
          proposed_rate: rate,
          status: 'accepted',
        }),
        'seed proposal',
      );
    };
    await seedHire(rival.id, 400, 'day');
    await seedHire(rival.id, 600, 'day');
    await seedHire(rival.id, 700, 'day');
    await seedHire(biz.id, 12_000, 'fixed');
    const past = must(
      await biz.client.rpc('business_insights', { p_from: '2025-03-01', p_to: '2025-03-31' }),
      'past',
    ) as Insights;
    expect(past.months).toEqual([
      {
        month: '2025-03-01',
        projects_posted: 1,
        hires: 1,
        spend_committed: 12_000,
        median_days_to_hire: 9,
        median_day_rate: null,
        market_median_day_rate: 600,
      },
    ]);
    expect(past.hires).toHaveLength(1);

    // the rival sees its own three hires, never ours
    const rivals = must(
      await rival.client.rpc('business_insights', { p_from: '2025-03-01', p_to: '2025-03-31' }),
      'rival',
    ) as Insights;
    expect(rivals.totals.hires).toBe(3);
    expect(rivals.hires.map((h) => h.title)).not.toContain(`Past fixed 12000 ${run}`);
    expect(rivals.hires.every((h) => h.professional_name === 'Oli Other')).toBe(true);
  });

  test('business intelligence is refused to professionals and visitors', async () => {
    const asPro = await pro.client.rpc('business_insights', { p_from: weekAgo, p_to: today });
    expect(asPro.error?.message).toBe('Business intelligence is for business accounts.');
    const asVisitor = await anon.rpc('business_insights', { p_from: weekAgo, p_to: today });
    expect(asVisitor.error).not.toBeNull();
  });

  test('the testing portal’s backend checks: deep health and the self-check function', async () => {
    const health = await fetch(`${server().url}/health?deep=1`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: 'ok',
      db: expect.stringMatching(/^(pglite|postgres)$/),
      database: { ok: true, latencyMs: expect.any(Number) },
    });
    const signedIn = await pro.client.functions.invoke('self-check', { body: {} });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data).toEqual({ userId: pro.id, receivedAt: expect.any(String) });
    const visitor = await fetch(`${server().url}/functions/v1/self-check`, {
      method: 'POST',
      headers: { apikey: server().anonKey, authorization: `Bearer ${server().anonKey}` },
    });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: 'Sign in to run the self-check.' });
  });
});
