/**
 * A business account needs a verified UK company (decision 0167). Until staff or the register
 * verify its own company record, the REST API refuses the business publishing a project, opening
 * a conversation, writing first and requesting a call, whichever way it asks (table insert or
 * rpc), and says what to do next. A verified business (and one approved by staff) may. Every
 * signed-in user reads a business's verification through business_verifications(), which
 * answers the company name, number, status and date and nothing else.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(60_000);

type Actor = { id: string; client: SupabaseClient };
const PENDING = /Your company verification is pending, so you cannot (.+) yet\./;

describeEachDb('security: an unverified business cannot act as a verified one', ({ server }) => {
  let service: SupabaseClient;
  let pending: Actor;
  let missing: Actor;
  let verified: Actor;
  let pro: Actor;
  let staff: Actor;
  const run = randomUUID().slice(0, 8);

  const make = (label: string, meta: Record<string, unknown>) =>
    createSignedInUser(server(), service, `${label}-${run}@example.com`, { name: label, ...meta });

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    // a company entered by hand at sign-up: no register ticket, so it waits for staff
    pending = await make('pending', {
      account_type: 'business',
      company: 'Pending Widgets Ltd',
      company_data: { company_number: '87654321', company_name: 'PENDING WIDGETS LTD' },
    });
    // a business that never named a company (the sign-up form requires one; the API does not)
    missing = await make('missing', { account_type: 'business', company_data: null });
    verified = await make('verified', { account_type: 'business' });
    pro = await make('pro', { account_type: 'professional' });
    staff = await make('staff', { account_type: 'professional' });
    must(
      await service
        .from('admin_users')
        .insert({ user_id: staff.id, role: 'admin', permissions: { verification: true } }),
      'staff',
    );
  }, 120_000);

  const publish = (who: Actor) =>
    who.client
      .from('projects')
      .insert({ owner_id: who.id, title: `Open ${randomUUID()}`, status: 'open' })
      .select('id')
      .single();
  const openConversation = (who: Actor) =>
    who.client
      .from('conversations')
      .insert({ participant_1: who.id, participant_2: pro.id })
      .select('id')
      .single();
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

  test('publishing a project is refused with the next step; a draft is kept', async () => {
    const open = await publish(pending);
    expect(open.error?.message).toMatch(PENDING);
    expect(open.error?.message).toContain('publish projects');
    expect(open.error?.hint).toBe('business_not_verified');

    const draft = must(
      await pending.client
        .from('projects')
        .insert({ owner_id: pending.id, title: 'A draft' })
        .select('id, status')
        .single(),
      'draft',
    ) as { id: string; status: string };
    expect(draft.status).toBe('draft');
    const opened = await pending.client
      .from('projects')
      .update({ status: 'open' })
      .eq('id', draft.id)
      .select('status');
    expect(opened.error?.message).toMatch(PENDING);

    const none = await publish(missing);
    expect(none.error?.message).toBe(
      'Your business is not verified yet, so you cannot publish projects. Add your UK company registration on your dashboard to be verified.',
    );
    expect((await publish(verified)).error).toBeNull();
  });

  test('opening a conversation, writing first and requesting a call are refused', async () => {
    expect((await openConversation(pending)).error?.message).toMatch(PENDING);
    const sent = await pending.client.rpc('send_message', {
      p_client_id: randomUUID(),
      p_content: 'Hello',
      p_recipient_id: pro.id,
    });
    expect(sent.error?.message).toMatch(PENDING);
    const call = await pending.client.rpc('propose_appointment', {
      p_with: pro.id,
      p_times: [tomorrow()],
      p_duration_minutes: 30,
    });
    expect(call.error?.message).toMatch(PENDING);
    const rows = must(
      await service
        .from('conversations')
        .select('id')
        .or(`participant_1.eq.${pending.id},participant_2.eq.${pending.id}`),
      'conversations',
    ) as unknown[];
    expect(rows).toEqual([]);

    expect((await openConversation(verified)).error).toBeNull();
  });

  test('an unverified business answers a professional who wrote first, but requests no call', async () => {
    const conversation = must(
      await pro.client
        .from('conversations')
        .insert({ participant_1: pro.id, participant_2: pending.id })
        .select('id')
        .single(),
      'pro opens',
    ) as { id: string };
    const write = (who: Actor, content: string) =>
      who.client
        .from('messages')
        .insert({ conversation_id: conversation.id, sender_id: who.id, content });
    expect((await write(pending, 'Me first')).error?.message).toMatch(PENDING);
    expect((await write(pro, 'Hello, I saw your project')).error).toBeNull();
    expect((await write(pending, 'Thanks for writing')).error).toBeNull();

    const call = await pending.client.rpc('propose_appointment', {
      p_with: pro.id,
      p_times: [tomorrow()],
      p_duration_minutes: 30,
    });
    expect(call.error?.message).toContain('so you cannot request calls');
    // the professional may still propose, and the business may answer
    const proposed = must(
      await pro.client.rpc('propose_appointment', {
        p_with: pending.id,
        p_times: [tomorrow()],
        p_duration_minutes: 30,
      }),
      'pro proposes',
    ) as { id: string; starts_at: string };
    must(
      await pending.client.rpc('accept_appointment', {
        p_appointment_id: proposed.id,
        p_starts_at: proposed.starts_at,
      }),
      'business accepts',
    );
  });

  test('rejected stays refused; approved by staff may publish', async () => {
    const company = must(
      await pending.client.from('companies').select('id').single(),
      'own company',
    ) as { id: string };
    must(
      await staff.client.rpc('admin_decide_company', {
        p_company: company.id,
        p_approve: false,
        p_reason: 'The number is for another company.',
      }),
      'reject',
    );
    expect((await publish(pending)).error?.message).toBe(
      'Your company verification was not approved, so you cannot publish projects. Your dashboard says why and what to do next.',
    );
    must(
      await staff.client.rpc('admin_decide_company', {
        p_company: company.id,
        p_approve: true,
        p_reason: 'Certificate of incorporation received',
      }),
      'approve',
    );
    expect((await publish(pending)).error).toBeNull();
  });

  test('business_verifications answers name, number, status and date, and nothing else', async () => {
    const anon = newClient(server(), server().anonKey);
    expect(
      (await anon.rpc('business_verifications', { p_business_ids: [verified.id] })).error,
    ).not.toBeNull();
    const rows = must(
      await pro.client.rpc('business_verifications', {
        p_business_ids: [verified.id, missing.id, pro.id, randomUUID()],
      }),
      'read',
    ) as Record<string, unknown>[];
    const byId = new Map(rows.map((row) => [row.business_id, row]));
    // professionals and unknown ids are not businesses: no row at all
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([
        'business_id',
        'company_name',
        'company_number',
        'verification_status',
        'verified_at',
      ]);
    }
    expect(byId.get(verified.id)).toMatchObject({ verification_status: 'verified' });
    expect(typeof byId.get(verified.id)?.verified_at).toBe('string');
    expect(byId.get(missing.id)).toEqual({
      business_id: missing.id,
      company_name: null,
      company_number: null,
      verification_status: 'missing',
      verified_at: null,
    });
    // the company record itself stays the owner's (no addresses, notes or reviewers to others)
    expect((await pro.client.from('companies').select('id')).data).toEqual([]);
    const tooMany = await pro.client.rpc('business_verifications', {
      p_business_ids: Array.from({ length: 201 }, () => randomUUID()),
    });
    expect(tooMany.error?.message).toBe('Ask about 1 to 200 businesses at a time.');
  });
});
