/**
 * The moderation area on a real database (PGlite and PostgreSQL): a member reports another from
 * a conversation; only staff holding the moderation area (and super admins) read the queue and
 * the reported message in its context; dismiss, warn and suspend record their outcome on the
 * report and in the audit log. Everyone else, anon to an admin of another area, gets nothing and
 * changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(120_000);

interface QueueItem {
  id: string;
  reason: string;
  details: string | null;
  status: string;
  outcome: string | null;
  resolution_note: string | null;
  reporter: { id: string };
  reported: { id: string; suspended: boolean; reports: number };
}

interface Context {
  messages: { id: string; content: string; reported: boolean; sender_id: string }[];
}

describeEachDb('moderation area', ({ server }) => {
  let service: SupabaseClient;
  let anon: SupabaseClient;
  const run = randomUUID().slice(0, 8);
  const email = (name: string) => `${name}-mod-${run}@example.com`;
  const people: Record<string, { id: string; client: SupabaseClient }> = {};
  let conversationId = '';
  const sent: { id: string; content: string }[] = [];

  const send = async (from: string, to: string, content: string) => {
    const { data, error } = await people[from].client
      .rpc('send_message', {
        p_client_id: randomUUID(),
        p_recipient_id: people[to].id,
        p_content: content,
      })
      .single<{ id: string; conversation_id: string }>();
    if (error || !data) throw new Error(`send: ${error?.message}`);
    conversationId = data.conversation_id;
    sent.push({ id: data.id, content });
    return data.id;
  };

  const fileReport = async (reporter: string, reported: string, messageId: string | null) => {
    const id = randomUUID();
    must(
      await people[reporter].client.from('user_reports').insert({
        id,
        reporter_id: people[reporter].id,
        reported_id: people[reported].id,
        conversation_id: conversationId,
        message_id: messageId,
        reason: 'harassment',
        details: `Abusive reply ${run}`,
      }),
      'file report',
    );
    return id;
  };

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    anon = newClient(server(), server().anonKey);
    const names = ['reporter', 'offender', 'plain', 'admin0', 'usersAdmin', 'moderator', 'super'];
    for (const name of names) {
      people[name] = await createSignedInUser(server(), service, email(name), {
        name: `${name} ${run}`,
        account_type: name === 'reporter' ? 'business' : 'professional',
      });
    }
    must(
      await service.from('admin_users').insert([
        { user_id: people.admin0.id, role: 'admin', permissions: {} },
        { user_id: people.usersAdmin.id, role: 'admin', permissions: { users: true } },
        { user_id: people.moderator.id, role: 'admin', permissions: { moderation: true } },
        { user_id: people.super.id, role: 'super_admin', permissions: {} },
      ]),
      'seed staff',
    );
    // a conversation of nine messages; the fifth (the offender's) is the reported one.
    for (let i = 1; i <= 9; i++) {
      await send(
        i % 2 === 1 ? 'offender' : 'reporter',
        i % 2 === 1 ? 'reporter' : 'offender',
        `m${i} ${run}`,
      );
    }
  });

  const refused = () =>
    [
      ['anon', anon],
      ['a plain user', people.plain.client],
      ['the reported user', people.offender.client],
      ['an admin without any area', people.admin0.client],
      ['an admin of the users area only', people.usersAdmin.client],
    ] as const;

  test('reporting a message: only one the reported user sent in that conversation', async () => {
    const wrong = await people.reporter.client.from('user_reports').insert({
      reporter_id: people.reporter.id,
      reported_id: people.offender.id,
      conversation_id: conversationId,
      message_id: sent[1].id, // the reporter's own message
      reason: 'spam',
    });
    expect(wrong.error?.code).toBe('42501');
    const outsider = await people.plain.client.from('user_reports').insert({
      reporter_id: people.plain.id,
      reported_id: people.offender.id,
      conversation_id: conversationId,
      message_id: sent[4].id,
      reason: 'spam',
    });
    expect(outsider.error?.code).toBe('42501');
  });

  test('the queue and the context are refused to everyone without the moderation area', async () => {
    const reportId = await fileReport('reporter', 'offender', sent[4].id);
    for (const [who, client] of refused()) {
      for (const [fn, args] of [
        ['admin_moderation_queue', {}],
        ['admin_report_context', { p_report: reportId }],
        ['admin_resolve_report', { p_report: reportId, p_action: 'dismiss', p_note: 'nothing' }],
      ] as const) {
        const { error } = await client.rpc(fn, args);
        expect([who, fn, error?.code ?? null]).toEqual([who, fn, '42501']);
      }
      // nor the table itself, nor a direct change of the report
      const rows = await client.from('user_reports').select('id').eq('id', reportId);
      expect([who, rows.data ?? []]).toEqual([who, []]);
      await client.from('user_reports').update({ status: 'dismissed' }).eq('id', reportId);
    }
    const still = must(
      await service.from('user_reports').select('status, outcome').eq('id', reportId).single(),
      'unchanged',
    );
    expect(still).toEqual({ status: 'open', outcome: null });
    // the reporter still sees their own report
    expect(
      (await people.reporter.client.from('user_reports').select('id').eq('id', reportId)).data,
    ).toEqual([{ id: reportId }]);
    // a moderator cannot skip the function either
    await people.moderator.client
      .from('user_reports')
      .update({ status: 'dismissed' })
      .eq('id', reportId);
    expect(
      must(await service.from('user_reports').select('status').eq('id', reportId).single(), 's'),
    ).toEqual({ status: 'open' });
  });

  test('a moderator and a super admin see the report and the message in context; reading is audited', async () => {
    const reportId = await fileReport('reporter', 'offender', sent[4].id);
    for (const who of ['moderator', 'super']) {
      const queue = must(
        await people[who].client.rpc('admin_moderation_queue', { p_status: 'open' }),
        'queue',
      ) as unknown as QueueItem[];
      const item = queue.find((r) => r.id === reportId);
      expect(item).toMatchObject({
        reason: 'harassment',
        details: `Abusive reply ${run}`,
        status: 'open',
        reporter: { id: people.reporter.id },
        reported: { id: people.offender.id, suspended: false },
      });
    }
    const context = must(
      await people.moderator.client.rpc('admin_report_context', { p_report: reportId }),
      'context',
    ) as unknown as Context;
    // the reported fifth message with four before and four after (all the conversation has)
    expect(context.messages.map((m) => m.content)).toEqual(sent.map((m) => m.content));
    expect(context.messages.filter((m) => m.reported).map((m) => m.id)).toEqual([sent[4].id]);
    const log = must(
      await people.super.client
        .from('admin_audit_log')
        .select('actor_id, action')
        .eq('target_id', reportId),
      'audit',
    );
    expect(log).toEqual([{ actor_id: people.moderator.id, action: 'view_report_context' }]);
    const bad = await people.moderator.client.rpc('admin_moderation_queue', { p_status: 'x' });
    expect(bad.error?.message).toBe('Unknown report status: x');
  });

  test('dismiss needs a note and records the outcome on the report and in the audit log', async () => {
    const reportId = await fileReport('reporter', 'offender', null);
    const noNote = await people.moderator.client.rpc('admin_resolve_report', {
      p_report: reportId,
      p_action: 'dismiss',
      p_note: ' ',
    });
    expect(noNote.error?.message).toBe('Please give a reason (at least 3 characters).');
    const badAction = await people.moderator.client.rpc('admin_resolve_report', {
      p_report: reportId,
      p_action: 'ban',
      p_note: 'no such action',
    });
    expect(badAction.error?.message).toBe('Choose dismiss, warn or suspend.');
    must(
      await people.moderator.client.rpc('admin_resolve_report', {
        p_report: reportId,
        p_action: 'dismiss',
        p_note: 'Heated but within the rules',
      }),
      'dismiss',
    );
    const report = must(
      await people.moderator.client
        .from('user_reports')
        .select('status, outcome, resolution_note, reviewed_by')
        .eq('id', reportId)
        .single(),
      'report',
    );
    expect(report).toEqual({
      status: 'dismissed',
      outcome: 'dismissed',
      resolution_note: 'Heated but within the rules',
      reviewed_by: people.moderator.id,
    });
    const twice = await people.moderator.client.rpc('admin_resolve_report', {
      p_report: reportId,
      p_action: 'suspend',
      p_note: 'changed my mind',
    });
    expect(twice.error?.message).toBe('This report has already been resolved.');
    const log = must(
      await people.super.client
        .from('admin_audit_log')
        .select('action, reason, before, after')
        .eq('target_id', reportId),
      'audit',
    );
    expect(log).toEqual([
      {
        action: 'resolve_report',
        reason: 'Heated but within the rules',
        before: { status: 'open' },
        after: { status: 'dismissed', outcome: 'dismissed', reported_id: people.offender.id },
      },
    ]);
  });

  test('warn: the warned user reads the warning (others do not) and receives it by e-mail', async () => {
    const reportId = await fileReport('reporter', 'offender', sent[4].id);
    must(
      await people.super.client.rpc('admin_resolve_report', {
        p_report: reportId,
        p_action: 'warn',
        p_note: 'Keep your messages civil.',
      }),
      'warn',
    );
    const own = must(
      await people.offender.client
        .from('moderation_warnings')
        .select('message, report_id')
        .eq('report_id', reportId),
      'own warnings',
    );
    expect(own).toEqual([{ message: 'Keep your messages civil.', report_id: reportId }]);
    for (const who of ['plain', 'reporter', 'admin0', 'usersAdmin']) {
      const rows = await people[who].client.from('moderation_warnings').select('id');
      expect([who, rows.data]).toEqual([who, []]);
    }
    expect(
      (
        await people.moderator.client
          .from('moderation_warnings')
          .select('id')
          .eq('report_id', reportId)
      ).data,
    ).toHaveLength(1);
    const forged = await people.moderator.client
      .from('moderation_warnings')
      .insert({ user_id: people.plain.id, message: 'forged warning' });
    expect(forged.error?.code).toBe('42501');
    let mail: { subject: string; text: string } | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      const response = await fetch(
        `${server().url}/outbox?format=json&to=${encodeURIComponent(email('offender'))}`,
      );
      const messages = (await response.json()) as { subject: string; text: string }[];
      mail = messages.find((m) => m.subject === 'A warning about your ProMatch account');
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(mail?.text).toContain('Keep your messages civil.');
  });

  test('suspend from a report: a moderator suspends through the users area function and both are audited', async () => {
    const reportId = await fileReport('reporter', 'offender', sent[4].id);
    must(
      await people.moderator.client.rpc('admin_resolve_report', {
        p_report: reportId,
        p_action: 'suspend',
        p_note: 'Repeated harassment',
      }),
      'suspend',
    );
    const profile = must(
      await service.from('profiles').select('suspended_at').eq('id', people.offender.id).single(),
      'profile',
    );
    expect(profile?.suspended_at).toEqual(expect.any(String));
    // the offender's token stops working at once
    const gone = await people.offender.client.from('profiles').select('id').limit(1);
    expect(gone.status).toBe(401);
    const log = must(
      await people.super.client
        .from('admin_audit_log')
        .select('actor_id, action, target_id, reason')
        .in('target_id', [reportId, people.offender.id])
        .in('action', ['suspend_user', 'resolve_report'])
        .order('occurred_at'),
      'audit',
    );
    expect(log).toEqual([
      {
        actor_id: people.moderator.id,
        action: 'suspend_user',
        target_id: people.offender.id,
        reason: 'Repeated harassment',
      },
      {
        actor_id: people.moderator.id,
        action: 'resolve_report',
        target_id: reportId,
        reason: 'Repeated harassment',
      },
    ]);
    const queue = must(
      await people.moderator.client.rpc('admin_moderation_queue', { p_status: 'all' }),
      'queue',
    ) as unknown as QueueItem[];
    expect(queue.find((r) => r.id === reportId)).toMatchObject({
      status: 'actioned',
      outcome: 'suspended',
      resolution_note: 'Repeated harassment',
      reported: { suspended: true },
    });
  });
});
