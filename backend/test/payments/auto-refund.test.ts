/**
 * The automatic refund of a funded milestone not approved in time, with the clock moved and never
 * waited for: the date both parties see (30 days after funding, restarted by delivery, never
 * before the due date's end), nothing refunded a minute early, two job instances at once
 * refunding once through the provider (official stripe client, local provider, idempotency key),
 * one ledger row, the state machine moved once, both parties notified; disputed and approved
 * milestones left alone; a claim whose refund never happened retried after 10 minutes.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import { runAutoRefunds, type PaymentsJobStore } from '../../src/jobs/payments-jobs.ts';
import { must, newClient } from '../support/fixtures-rls-world.ts';
import {
  callPayments,
  hire,
  LOCAL_STRIPE_ENV,
  localStripe,
  submitHostedPage,
  type Hire,
} from '../support/payments-helpers.ts';
import { paymentsJobStore } from '../support/payments-jobs-store.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(120_000);

const DAY = 86_400_000;
const MINUTE = 60_000;

interface Row {
  id: string;
  status: string;
  transitions: number;
  funded_at: string | null;
  delivered_at: string | null;
  auto_refund_at: string | null;
  refund_cause: string | null;
  payment_intent_id: string | null;
}

describeEachDb(
  'payments: a funded milestone not approved in time is refunded automatically',
  ({ server }) => {
    let service: SupabaseClient;
    let store: PaymentsJobStore;
    let close: () => Promise<void>;
    let stripe: Stripe;
    let deal: Hire;

    const read = async (client: SupabaseClient, id: string) =>
      must(
        await client
          .from('milestones')
          .select(
            'id, status, transitions, funded_at, delivered_at, auto_refund_at, refund_cause, payment_intent_id',
          )
          .eq('id', id)
          .single(),
        'milestone',
      ) as Row;
    const fund = async (id: string) => {
      const checkout = await callPayments(deal.business.client, {
        action: 'fund',
        milestoneId: id,
      });
      expect(checkout.status).toBe(200);
      expect(await submitHostedPage(checkout.body.url as string)).toContain('checkout=paid');
    };
    const add = async (pence: number, due?: string) =>
      (
        must(
          await deal.business.client.rpc('add_milestone', {
            p_project: deal.projectId,
            p_amount_pence: pence,
            p_description: `Milestone of ${pence}`,
            ...(due ? { p_due_date: due } : {}),
          }),
          'add',
        ) as { id: string }
      ).id;
    const pass = (now: Date) => runAutoRefunds({ store, stripe }, now);

    beforeAll(async () => {
      const s = server();
      service = newClient(s, s.serviceRoleKey);
      ({ store, close } = await paymentsJobStore(s, service));
      stripe = localStripe(s);
      deal = await hire(s, service, 432);
      const onboard = await callPayments(deal.professional.client, { action: 'onboard' });
      await submitHostedPage(onboard.body.url as string);
    }, 120_000);
    afterAll(async () => close?.());

    test('the refund date is shown to both parties and moves with delivery; one refund, once', async () => {
      expect((await read(deal.business.client, deal.milestoneId)).auto_refund_at).toBeNull();
      await fund(deal.milestoneId);
      const funded = await read(deal.business.client, deal.milestoneId);
      expect(funded.status).toBe('funded');
      expect(Date.parse(funded.auto_refund_at!) - Date.parse(funded.funded_at!)).toBe(30 * DAY);
      expect((await read(deal.professional.client, deal.milestoneId)).auto_refund_at).toBe(
        funded.auto_refund_at,
      );
      // a minute early: nothing
      expect(await pass(new Date(Date.parse(funded.auto_refund_at!) - MINUTE))).toEqual({
        refunded: [],
        failed: [],
      });

      must(
        await deal.professional.client.rpc('mark_milestone_delivered', {
          p_milestone: deal.milestoneId,
        }),
        'deliver',
      );
      const delivered = await read(deal.business.client, deal.milestoneId);
      const due = Date.parse(delivered.auto_refund_at!);
      expect(due - Date.parse(delivered.delivered_at!)).toBe(30 * DAY);
      // the funding date's deadline no longer applies once delivered
      expect((await pass(new Date(due - MINUTE))).refunded).toEqual([]);

      // two instances at once
      const at = new Date(due + MINUTE);
      const [a, b] = await Promise.all([pass(at), pass(at)]);
      const refunded = [...a.refunded, ...b.refunded];
      expect([...a.failed, ...b.failed]).toEqual([]);
      expect(refunded).toHaveLength(1);
      expect(refunded[0]).toMatchObject({ milestoneId: deal.milestoneId, amountPence: 43_200 });
      // a later pass finds nothing more
      expect((await pass(new Date(due + DAY))).refunded).toEqual([]);

      const after = await read(service, deal.milestoneId);
      expect(after).toMatchObject({
        status: 'refunded',
        refund_cause: 'not_approved_in_time',
        auto_refund_at: null,
        // funded, delivered, refund_pending, refunded
        transitions: 4,
      });
      const atProvider = await stripe.refunds.list({ limit: 100 });
      const mine = atProvider.data.filter((r) => r.payment_intent === after.payment_intent_id);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.amount).toBe(43_200);
      const ledger = must(
        await deal.business.client
          .from('ledger_entries')
          .select('kind, amount_pence, provider_id')
          .eq('milestone_id', deal.milestoneId)
          .eq('kind', 'refund'),
        'ledger',
      );
      expect(ledger).toEqual([{ kind: 'refund', amount_pence: 43_200, provider_id: mine[0]!.id }]);

      for (const party of [deal.business, deal.professional]) {
        const notes = must(
          await party.client
            .from('notifications')
            .select('kind, title, body, link')
            .eq('user_id', party.id)
            .eq('kind', 'milestone_refunded'),
          'notifications',
        ) as { body: string; link: string }[];
        expect(notes).toHaveLength(1);
        expect(notes[0]!.body).toContain('£432.00');
        expect(notes[0]!.body).toContain('not approved within 30 days');
        expect(notes[0]!.link).toBe('/payments');
      }
      // the receipt shows the refund
      const receipt = must(
        await deal.business.client.rpc('milestone_receipt', { p_milestone: deal.milestoneId }),
        'receipt',
      ) as Record<string, unknown>;
      expect(receipt).toMatchObject({ status: 'refunded', refunded_pence: 43_200 });
    });

    test('never delivered: the clock starts at the end of a later due date', async () => {
      const due = new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10);
      const id = await add(5_000, due);
      await fund(id);
      const row = await read(deal.business.client, id);
      const dueEnd = Date.parse(`${due}T00:00:00Z`) + DAY;
      // the end of the due date in UK time (GMT or BST), plus 30 days
      const offset = Date.parse(row.auto_refund_at!) - (dueEnd + 30 * DAY);
      expect([0, -3_600_000]).toContain(offset);
      expect((await pass(new Date(Date.now() + 45 * DAY))).refunded).toEqual([]);
      expect((await read(service, id)).status).toBe('funded');
    });

    test('disputed and approved milestones are not refunded by the clock', async () => {
      const disputed = await add(6_000);
      const approved = await add(7_000);
      await fund(disputed);
      await fund(approved);
      must(
        await deal.business.client.rpc('open_milestone_dispute', {
          p_milestone: disputed,
          p_reason: 'Not what we agreed.',
        }),
        'dispute',
      );
      must(
        await deal.professional.client.rpc('mark_milestone_delivered', { p_milestone: approved }),
        'deliver',
      );
      const answer = await callPayments(deal.business.client, {
        action: 'approve',
        milestoneId: approved,
      });
      expect(answer.body).toMatchObject({ status: 'released' });
      const far = new Date(Date.now() + 400 * DAY);
      const result = await pass(far);
      expect(result.refunded.map((r) => r.milestoneId)).not.toContain(disputed);
      expect(result.refunded.map((r) => r.milestoneId)).not.toContain(approved);
      expect((await read(service, disputed)).status).toBe('disputed');
      expect((await read(service, approved)).status).toBe('released');
    });

    test('a claim whose refund never happened is retried after 10 minutes, once', async () => {
      const id = await add(8_000);
      await fund(id);
      const { auto_refund_at } = await read(service, id);
      const claimedAt = new Date(Date.parse(auto_refund_at!) + MINUTE);
      // an instance claims it and stops before refunding
      expect((await store.claimAutoRefunds(claimedAt, 20)).map((m) => m.id)).toContain(id);
      expect((await read(service, id)).status).toBe('refund_pending');
      expect((await pass(new Date(claimedAt.getTime() + 5 * MINUTE))).refunded).toEqual([]);
      const retried = await pass(new Date(claimedAt.getTime() + 11 * MINUTE));
      expect(retried.refunded.map((r) => r.milestoneId)).toEqual([id]);
      const row = await read(service, id);
      expect(row).toMatchObject({ status: 'refunded', transitions: 3 });
    });
  },
  { env: { ...LOCAL_STRIPE_ENV, PAYMENTS_JOBS_INTERVAL_MS: '0' } },
);
