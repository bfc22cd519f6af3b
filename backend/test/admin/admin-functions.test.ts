/**
 * The management portal's server side, through supabase-js against the real server: every admin
 * function refuses anon, a plain user and an admin without the area's permission, and works for
 * an admin holding it; suspension stops sign-in and ends live sessions at once; the audit log
 * records each action and refuses every change, the service role's included; decisions and
 * replies reach the outbox.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { ALL_AREAS, createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(90_000);

interface Outboxed {
  to: string;
  subject: string;
  text: string;
}

describeEachDb('admin functions', ({ server }) => {
  let service: SupabaseClient;
  let anon: SupabaseClient;
  const run = randomUUID().slice(0, 8);
  const email = (name: string) => `${name}-${run}@example.com`;
  const people: Record<string, { id: string; client: SupabaseClient }> = {};

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    anon = newClient(server(), server().anonKey);
    for (const name of ['plain', 'admin0', 'admin', 'target']) {
      people[name] = await createSignedInUser(server(), service, email(name), {
        name: `${name} person`,
        account_type: 'professional',
      });
    }
    people.biz = await createSignedInUser(server(), service, email('biz'), {
      name: 'Bea Business',
      account_type: 'business',
      company_data: {
        company_number: `${Math.floor(Math.random() * 9e7) + 1e7}`,
        company_name: 'HAND ENTERED LTD',
        company_type: 'manual_entry',
      },
    });
    must(
      await service.from('admin_users').insert([
        { user_id: people.admin0.id, role: 'admin', permissions: {} },
        { user_id: people.admin.id, role: 'admin', permissions: ALL_AREAS },
      ]),
      'seed staff',
    );
  });

  const callers = () =>
    [
      ['anon', anon],
      ['a plain user', people.plain.client],
      ['an admin without the permission', people.admin0.client],
    ] as const;

  test.each([
    ['admin_list_users', {}],
    ['admin_user_detail', () => ({ p_user: people.target.id })],
    ['admin_suspend_user', () => ({ p_user: people.target.id, p_reason: 'spam' })],
    ['admin_reinstate_user', () => ({ p_user: people.target.id, p_reason: 'ok' })],
    ['admin_reset_mfa', () => ({ p_user: people.target.id, p_reason: 'lost phone' })],
    ['admin_set_verified', () => ({ p_user: people.target.id, p_verified: true, p_reason: 'id' })],
    ['admin_verification_queue', {}],
    ['admin_platform_analytics', { p_from: '2026-01-01', p_to: '2026-01-31' }],
    ['admin_decide_company', () => ({ p_company: randomUUID(), p_approve: true, p_reason: 'ok' })],
    [
      'admin_reply_by_email',
      () => ({ p_kind: 'lead', p_id: randomUUID(), p_subject: 's', p_body: 'b' }),
    ],
  ] as const)(
    '%s refuses anon, a plain user and an admin without the permission',
    async (fn, args) => {
      const params = typeof args === 'function' ? args() : args;
      for (const [who, client] of callers()) {
        const { error } = await client.rpc(fn, params);
        expect([who, error?.code ?? null]).toEqual([who, '42501']);
      }
      // and nothing changed for the target
      const target = must(
        await service
          .from('profiles')
          .select('verified, suspended_at')
          .eq('id', people.target.id)
          .single(),
        'target',
      );
      expect(target).toEqual({ verified: false, suspended_at: null });
    },
  );

  test('an admin finds users by e-mail and filters by account type and status', async () => {
    const admin = people.admin.client;
    const found = must(
      await admin.rpc('admin_list_users', { p_query: email('target') }),
      'list',
    ) as { total: number; items: { id: string; status: string; plan_type: string }[] };
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({
      id: people.target.id,
      status: 'active',
      plan_type: 'free',
    });
    const businesses = must(
      await admin.rpc('admin_list_users', { p_query: run, p_account_type: 'business' }),
      'list businesses',
    ) as { items: { id: string }[] };
    expect(businesses.items.map((u) => u.id)).toEqual([people.biz.id]);
  });

  test('suspension: no sign-in, live sessions end at once, profile hidden; reinstating undoes it', async () => {
    const password = `Pw-${randomUUID()}`;
    const victim = await service.auth.admin.createUser({
      email: email('victim'),
      password,
      email_confirm: true,
      user_metadata: { name: `Victor ${run}`, account_type: 'professional' },
    });
    const victimId = victim.data.user!.id;
    const victimClient = newClient(server(), server().anonKey);
    const signedIn = await victimClient.auth.signInWithPassword({
      email: email('victim'),
      password,
    });
    expect(signedIn.error).toBeNull();
    expect((await victimClient.from('profiles').select('id').eq('id', victimId)).data).toHaveLength(
      1,
    );

    must(
      await people.admin.client.rpc('admin_suspend_user', {
        p_user: victimId,
        p_reason: 'Spam messages',
      }),
      'suspend',
    );

    // the token they already hold stops working on the REST API at once
    const afterwards = await victimClient.from('profiles').select('id').eq('id', victimId);
    expect(afterwards.status).toBe(401);
    expect(afterwards.error?.message).toBe('JWT session has ended');
    // and they cannot sign in again
    const again = await newClient(server(), server().anonKey).auth.signInWithPassword({
      email: email('victim'),
      password,
    });
    expect(again.error?.message).toBe('User is banned');
    // their profile is gone from profile pages and search
    expect((await anon.from('profiles').select('id').eq('id', victimId)).data).toEqual([]);
    expect(
      (await people.plain.client.from('profiles').select('id').eq('id', victimId)).data,
    ).toEqual([]);
    const search = must(
      await anon.rpc('search_professionals', { p_query: `Victor ${run}` }),
      'search',
    ) as { items: { id: string }[] };
    expect(search.items.map((i) => i.id)).not.toContain(victimId);

    must(
      await people.admin.client.rpc('admin_reinstate_user', {
        p_user: victimId,
        p_reason: 'Appeal upheld',
      }),
      'reinstate',
    );
    const back = newClient(server(), server().anonKey);
    expect(
      (await back.auth.signInWithPassword({ email: email('victim'), password })).error,
    ).toBeNull();
    expect((await anon.from('profiles').select('id').eq('id', victimId)).data).toHaveLength(1);
    const found = must(
      await anon.rpc('search_professionals', { p_query: `Victor ${run}` }),
      'search again',
    ) as { items: { id: string }[] };
    expect(found.items.map((i) => i.id)).toContain(victimId);

    const log = must(
      await people.admin.client
        .from('admin_audit_log')
        .select('actor_id, action, reason, before, after')
        .eq('target_id', victimId)
        .order('occurred_at'),
      'audit',
    ) as { actor_id: string; action: string; reason: string }[];
    expect(log.map((e) => [e.actor_id, e.action, e.reason])).toEqual([
      [people.admin.id, 'suspend_user', 'Spam messages'],
      [people.admin.id, 'reinstate_user', 'Appeal upheld'],
    ]);
  });

  test('an admin cannot suspend another admin, nor themselves', async () => {
    const other = await people.admin.client.rpc('admin_suspend_user', {
      p_user: people.admin0.id,
      p_reason: 'power grab',
    });
    expect(other.error?.message).toBe('Only a super admin can suspend staff.');
    const self = await people.admin.client.rpc('admin_suspend_user', {
      p_user: people.admin.id,
      p_reason: 'oops',
    });
    expect(self.error?.message).toBe('You cannot suspend your own account.');
  });

  test('the verified badge and a two-factor reset are audited with before and after', async () => {
    const admin = people.admin.client;
    must(
      await admin.rpc('admin_set_verified', {
        p_user: people.target.id,
        p_verified: true,
        p_reason: 'ID checked',
      }),
      'badge',
    );
    must(
      await admin.rpc('admin_reset_mfa', { p_user: people.target.id, p_reason: 'Lost phone' }),
      'reset',
    );
    const log = must(
      await admin
        .from('admin_audit_log')
        .select('action, before, after')
        .eq('target_id', people.target.id)
        .order('occurred_at'),
      'audit',
    );
    expect(log).toEqual([
      { action: 'grant_verified_badge', before: { verified: false }, after: { verified: true } },
      { action: 'reset_mfa', before: { factors: [] }, after: { factors: [] } },
    ]);
    must(
      await admin.rpc('admin_set_verified', {
        p_user: people.target.id,
        p_verified: false,
        p_reason: 'undo',
      }),
      'badge off',
    );
  });

  test("platform analytics count today's sign-ups from the database and refuse long ranges", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const days = must(
      await people.admin.client.rpc('admin_platform_analytics', { p_from: today, p_to: today }),
      'analytics',
    ) as { day: string; signups: number; calls: number; matches: number }[];
    expect(days).toHaveLength(1);
    expect(days[0].day).toBe(today);
    // at least the five users this suite signed up (plain, admin0, admin, target, biz)
    expect(days[0].signups).toBeGreaterThanOrEqual(5);
    // a call (a call message in a conversation) and a match notification each count once
    const conversation = must(
      await service
        .from('conversations')
        .insert({ participant_1: people.biz.id, participant_2: people.target.id })
        .select('id')
        .single(),
      'conversation',
    ) as { id: string };
    must(
      await service.from('messages').insert([
        {
          conversation_id: conversation.id,
          sender_id: people.biz.id,
          content: 'Hello',
          kind: 'text',
        },
        {
          conversation_id: conversation.id,
          sender_id: people.biz.id,
          content: 'Video call',
          kind: 'call',
        },
      ]),
      'messages',
    );
    must(
      await service.from('notifications').insert({
        user_id: people.target.id,
        kind: 'project_match',
        title: 'A new project matches your profile',
        body: 'A project fits.',
      }),
      'match notification',
    );
    const after = must(
      await people.admin.client.rpc('admin_platform_analytics', { p_from: today, p_to: today }),
      'analytics after',
    ) as { calls: number; matches: number }[];
    expect(after[0].calls).toBe(days[0].calls + 1);
    expect(after[0].matches).toBe(days[0].matches + 1);
    const tooLong = await people.admin.client.rpc('admin_platform_analytics', {
      p_from: '2020-01-01',
      p_to: today,
    });
    expect(tooLong.error?.message).toBe('Choose a range of at most 366 days.');
  });

  test('the audit log is append-only, for the service role too', async () => {
    const [entry] = must(
      await service.from('admin_audit_log').select('id, action').limit(1),
      'read',
    ) as { id: string; action: string }[];
    expect(entry).toBeDefined();
    const update = await service
      .from('admin_audit_log')
      .update({ action: 'nothing' })
      .eq('id', entry.id);
    expect(update.error?.message).toBe('admin_audit_log is append-only');
    const remove = await service.from('admin_audit_log').delete().eq('id', entry.id);
    expect(remove.error?.message).toBe('admin_audit_log is append-only');
    const still = must(
      await service.from('admin_audit_log').select('action').eq('id', entry.id).single(),
      'still there',
    );
    expect(still).toEqual({ action: entry.action });
  });

  test('a direct admin write (an announcement) is audited by trigger', async () => {
    const id = randomUUID();
    must(
      await people.admin.client
        .from('system_notifications')
        .insert({ id, title: 'Maintenance', message: 'Tonight', target_type: 'professional' }),
      'publish',
    );
    must(
      await people.admin.client
        .from('system_notifications')
        .update({ is_active: false })
        .eq('id', id),
      'deactivate',
    );
    const log = must(
      await people.admin.client
        .from('admin_audit_log')
        .select('actor_id, action, before, after')
        .eq('target_type', 'system_notifications')
        .eq('target_id', id)
        .order('occurred_at'),
      'audit',
    ) as {
      actor_id: string;
      action: string;
      before: { is_active: boolean } | null;
      after: { is_active: boolean };
    }[];
    expect(
      log.map((e) => [e.actor_id, e.action, e.before?.is_active ?? null, e.after.is_active]),
    ).toEqual([
      [people.admin.id, 'insert', null, true],
      [people.admin.id, 'update', true, false],
    ]);
  });

  async function outboxFor(to: string, subject: string): Promise<Outboxed> {
    for (let i = 0; i < 50; i++) {
      const response = await fetch(
        `${server().url}/outbox?format=json&to=${encodeURIComponent(to)}`,
      );
      const messages = (await response.json()) as Outboxed[];
      const hit = messages.find((m) => m.subject === subject);
      if (hit) return hit;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no e-mail "${subject}" to ${to}`);
  }

  test('rejecting a company: the business reads the reason and receives it by e-mail', async () => {
    const queue = must(await people.admin.client.rpc('admin_verification_queue', {}), 'queue') as {
      id: string;
      businesses: { id: string }[];
    }[];
    const company = queue.find((c) => c.businesses.some((b) => b.id === people.biz.id));
    expect(company).toBeDefined();
    const noReason = await people.admin.client.rpc('admin_decide_company', {
      p_company: company!.id,
      p_approve: false,
      p_reason: '',
    });
    expect(noReason.error?.message).toBe(
      'Please give the business a reason (at least 3 characters).',
    );
    must(
      await people.admin.client.rpc('admin_decide_company', {
        p_company: company!.id,
        p_approve: false,
        p_reason: 'The number belongs to a dissolved company.',
      }),
      'reject',
    );
    const seen = must(
      await people.biz.client
        .from('companies')
        .select('verification_status, verification_note')
        .single(),
      'business reads its company',
    );
    expect(seen).toEqual({
      verification_status: 'rejected',
      verification_note: 'The number belongs to a dissolved company.',
    });
    const mail = await outboxFor(email('biz'), 'Your company verification on ProMatch');
    expect(mail.text).toContain('Reason: The number belongs to a dissolved company.');

    must(
      await people.admin.client.rpc('admin_decide_company', {
        p_company: company!.id,
        p_approve: true,
        p_reason: 'Documents received',
      }),
      'approve',
    );
    expect(
      must(
        await people.biz.client.from('companies').select('verification_status').single(),
        'status',
      ),
    ).toEqual({ verification_status: 'verified' });
  });

  test('an inbox reply goes out by e-mail and marks the message answered', async () => {
    const id = randomUUID();
    const sender = email('sender');
    must(
      await anon.from('contact_messages').insert({
        id,
        name: 'Sam Sender',
        email: sender,
        subject: 'Pricing',
        message: 'Is Pro really free?',
      }),
      'contact',
    );
    must(
      await people.admin.client.rpc('admin_reply_by_email', {
        p_kind: 'contact_message',
        p_id: id,
        p_subject: 'Re: Pricing',
        p_body: 'Yes, Pro is free for professionals.',
      }),
      'reply',
    );
    const mail = await outboxFor(sender, 'Re: Pricing');
    expect(mail.text).toBe('Yes, Pro is free for professionals.');
    expect(
      must(
        await people.admin.client
          .from('contact_messages')
          .select('status, assigned_to')
          .eq('id', id)
          .single(),
        'message',
      ),
    ).toEqual({ status: 'answered', assigned_to: people.admin.id });
  });
});
