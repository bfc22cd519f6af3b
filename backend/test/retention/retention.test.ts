/**
 * The retention job with the clock moved, never waited for: rows past the period in
 * public.retention_policies go, younger rows stay, the run records counts only and is claimed once
 * per UK day however many instances ask, staff with the audit area read the runs, and the period
 * the GDPR page reads is the one the job deletes by. Finished notification delivery records (the
 * e-mail and push queues) go after 30 days; pending ones are work still to do and stay. On PostgreSQL the job's own function
 * (runRetention, as the server runs it) is called on a second connection pool.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { openPostgres } from '../../src/db/postgres.ts';
import { runRetention, type RetentionRun } from '../../src/jobs/retention.ts';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, newClient } from '../support/fixtures-rls-world.ts';
import { check, must } from '../support/storage-fixtures.ts';

jest.setTimeout(60_000);

const DAY = 24 * 60 * 60 * 1000;
/** A moment years ahead: the test moves the clock there instead of ageing rows. */
const NOW = new Date('2031-06-15T12:00:00Z');
const monthsBefore = (date: Date, months: number, plusDays = 0) => {
  const moved = new Date(date);
  moved.setUTCMonth(moved.getUTCMonth() - months);
  return new Date(moved.getTime() + plusDays * DAY).toISOString();
};

describeEachDb(
  'retention job',
  ({ kind, server }) => {
    let service: SupabaseClient;
    const ids = { old: randomUUID(), young: randomUUID() };
    const deliveries = {
      oldSent: randomUUID(),
      oldPending: randomUUID(),
      youngFinished: randomUUID(),
    };
    const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

    /** One pass at `now`: the job's function on PostgreSQL, the same SQL through rpc on PGlite. */
    async function run(now: Date): Promise<RetentionRun | undefined> {
      if (kind === 'postgres') {
        const db = await openPostgres(server().databaseUrl!);
        try {
          return await runRetention({ db }, now);
        } finally {
          await db.close();
        }
      }
      const rows = must(await service.rpc('run_retention', { p_now: now.toISOString() }), 'run');
      return (rows as RetentionRun[])[0];
    }

    const contact = (id: string, created_at: string) => ({
      id,
      name: 'Old Enquirer',
      email: 'old@example.co.uk',
      subject: 'Hello',
      message: 'A question from long ago.',
      created_at,
    });

    beforeAll(async () => {
      service = newClient(server(), server().serviceRoleKey);
      const seeded = await Promise.all([
        service
          .from('contact_messages')
          .insert([
            contact(ids.old, monthsBefore(NOW, 24, -1)),
            contact(ids.young, monthsBefore(NOW, 24, 1)),
          ]),
        service.from('analytics_events').insert([
          { id: ids.old, event_type: 'page_view', created_at: monthsBefore(NOW, 13, -1) },
          { id: ids.young, event_type: 'page_view', created_at: monthsBefore(NOW, 13, 1) },
        ]),
        service.from('leads').insert([
          {
            id: ids.old,
            token: randomUUID(),
            email: 'lead-old@example.co.uk',
            consent_version: '1.0',
            created_at: new Date(NOW.getTime() - 31 * DAY).toISOString(),
          },
          {
            id: ids.young,
            token: randomUUID(),
            email: 'lead-young@example.co.uk',
            consent_version: '1.0',
            created_at: new Date(NOW.getTime() - 29 * DAY).toISOString(),
          },
        ]),
      ]);
      for (const result of seeded) if (result.error) throw new Error(result.error.message);

      // one user's notifications, each with an e-mail delivery record and a push delivery record
      const who = await createSignedInUser(
        server(),
        service,
        `kept-${randomUUID().slice(0, 8)}@example.com`,
        { name: 'Nell Notified', account_type: 'professional' },
      );
      const notes = must(
        await service
          .from('notifications')
          .insert(
            Object.values(deliveries).map(() => ({
              user_id: who.id,
              kind: 'review_received',
              title: 'A review',
              body: 'Good work.',
            })),
          )
          .select('id'),
        'notifications',
      ) as { id: string }[];
      const device = must(
        await service
          .from('push_subscriptions')
          .insert({
            user_id: who.id,
            endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
            p256dh: 'B'.repeat(87),
            auth: 'A'.repeat(22),
          })
          .select('id')
          .single(),
        'device',
      ) as { id: string };
      // the pending rows wait (a retry, quiet hours) far ahead, so the running server's e-mail and
      // push jobs leave them alone
      const later = '2099-01-01T00:00:00Z';
      const rows = [
        { id: deliveries.oldSent, status: 'sent', created_at: daysBefore(31) },
        { id: deliveries.oldPending, status: 'pending', created_at: daysBefore(31) },
        { id: deliveries.youngFinished, status: 'failed', created_at: daysBefore(29) },
      ];
      const queued = await Promise.all([
        service.from('notification_emails').insert(
          rows.map((row, i) => ({
            ...row,
            next_attempt_at: row.status === 'pending' ? later : row.created_at,
            user_id: who.id,
            category: 'reviews',
            notification_id: notes[i]!.id,
          })),
        ),
        service.from('push_deliveries').insert(
          rows.map((row, i) => ({
            ...row,
            due_at: row.status === 'pending' ? later : row.created_at,
            subscription_id: device.id,
            notification_id: notes[i]!.id,
          })),
        ),
      ]);
      for (const result of queued) if (result.error) throw new Error(result.error.message);
    });

    const deliveriesLeft = async (table: string) =>
      must(await service.from(table).select('id').in('id', Object.values(deliveries)), table)
        .map((row: { id: string }) => row.id)
        .sort();

    const remaining = async (table: string) =>
      must(await service.from(table).select('id').in('id', [ids.old, ids.young]), table)
        .map((row: { id: string }) => row.id)
        .sort();

    test('deletes what is past its period, keeps the rest and records the counts', async () => {
      const first = await run(NOW);
      expect(first?.run_on).toBe('2031-06-15');
      expect(first?.deleted).toEqual({
        contact_messages: 1,
        lead_captures: 1,
        analytics_events: 1,
        // one finished e-mail record and one finished push record past 30 days
        notification_deliveries: 2,
      });
      expect(new Date(first!.cutoffs.contact_messages).toISOString()).toBe(monthsBefore(NOW, 24));
      for (const table of ['contact_messages', 'leads', 'analytics_events'])
        expect(await remaining(table)).toEqual([ids.young]);
      for (const table of ['notification_emails', 'push_deliveries'])
        expect(await deliveriesLeft(table)).toEqual(
          [deliveries.oldPending, deliveries.youngFinished].sort(),
        );
    });

    test('a day is run once, however many passes ask for it at once', async () => {
      expect(await run(new Date(NOW.getTime() + 60_000))).toBeUndefined();
      const nextDay = new Date(NOW.getTime() + DAY);
      const passes = await Promise.all([run(nextDay), run(nextDay), run(nextDay)]);
      expect(passes.filter(Boolean)).toHaveLength(1);
      // a day later the rows that were one day short of their period have gone too
      expect(passes.find(Boolean)?.deleted).toEqual({
        contact_messages: 0,
        lead_captures: 0,
        analytics_events: 0,
        notification_deliveries: 0,
      });
      const later = await run(new Date(NOW.getTime() + 2 * DAY));
      expect(later?.deleted).toEqual({
        contact_messages: 1,
        lead_captures: 1,
        analytics_events: 1,
        notification_deliveries: 2,
      });
      for (const table of ['contact_messages', 'leads', 'analytics_events'])
        expect(await remaining(table)).toEqual([]);
      // a delivery still pending is never deleted, however old
      for (const table of ['notification_emails', 'push_deliveries'])
        expect(await deliveriesLeft(table)).toEqual([deliveries.oldPending]);
    });

    test('the period the page reads is the period the job deletes by', async () => {
      const anon = newClient(server(), server().anonKey);
      const shown = must(
        await anon.from('retention_policies').select('category,period_count,period_unit'),
        'policies',
      );
      expect(shown).toEqual(
        expect.arrayContaining([
          { category: 'contact_messages', period_count: 24, period_unit: 'month' },
          { category: 'lead_captures', period_count: 30, period_unit: 'day' },
          { category: 'analytics_events', period_count: 13, period_unit: 'month' },
          { category: 'notification_deliveries', period_count: 30, period_unit: 'day' },
        ]),
      );
      // change the one row: the job follows it (nothing else holds a period)
      const id = randomUUID();
      const when = new Date(NOW.getTime() + 10 * DAY);
      check(
        await service.from('contact_messages').insert(contact(id, monthsBefore(when, 12, -1))),
        'seed',
      );
      check(
        await service
          .from('retention_policies')
          .update({ period_count: 12 })
          .eq('category', 'contact_messages'),
        'shorten',
      );
      try {
        expect((await run(when))?.deleted.contact_messages).toBe(1);
      } finally {
        await service
          .from('retention_policies')
          .update({ period_count: 24 })
          .eq('category', 'contact_messages');
      }
      // a period for data the job does not delete cannot be written at all
      const invented = await service
        .from('retention_policies')
        .update({ period_count: 6, period_unit: 'month' })
        .eq('category', 'account');
      expect(invented.error?.message).toMatch(/retention_policies_period_enforced/);
    });

    test('visitors cannot date what they send; staff with the audit area read the runs', async () => {
      const anon = newClient(server(), server().anonKey);
      const id = randomUUID();
      const sent = await anon
        .from('contact_messages')
        .insert({ ...contact(id, '2099-01-01T00:00:00Z'), email: 'future@example.co.uk' });
      expect(sent.error).toBeNull();
      const stored = must(
        await service.from('contact_messages').select('created_at').eq('id', id).single(),
        'stored',
      );
      expect(Math.abs(Date.parse(stored.created_at) - Date.now())).toBeLessThan(5 * 60_000);

      const who = randomUUID().slice(0, 8);
      const auditor = await createSignedInUser(server(), service, `audit-${who}@example.com`, {
        name: 'Audra Auditor',
        account_type: 'professional',
      });
      const inbox = await createSignedInUser(server(), service, `inbox-${who}@example.com`, {
        name: 'Ian Inbox',
        account_type: 'professional',
      });
      check(
        await service.from('admin_users').insert([
          { user_id: auditor.id, role: 'admin', permissions: { audit: true } },
          { user_id: inbox.id, role: 'admin', permissions: { inbox: true } },
        ]),
        'staff',
      );
      const runs = must(
        await auditor.client.from('retention_runs').select('run_on,deleted'),
        'runs',
      );
      expect(runs.map((row: { run_on: string }) => row.run_on)).toEqual(
        expect.arrayContaining(['2031-06-15', '2031-06-17']),
      );
      expect(must(await inbox.client.from('retention_runs').select('run_on'), 'inbox')).toEqual([]);
      expect((await anon.from('retention_runs').select('run_on')).data ?? []).toEqual([]);
      const forged = await auditor.client
        .from('retention_runs')
        .insert({ run_on: '2040-01-01', started_at: NOW.toISOString() });
      expect(forged.error).not.toBeNull();
      const asked = await auditor.client.rpc('run_retention', {});
      expect(asked.error).not.toBeNull();
    });
  },
  { env: { RETENTION_INTERVAL_MS: '0' } },
);
