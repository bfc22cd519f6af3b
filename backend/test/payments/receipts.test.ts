/**
 * Receipts and statements of paid milestones (`milestone_receipt`), against the real server with
 * the official stripe client and the backend's local provider: after a real hire, onboarding,
 * funding through the hosted checkout, delivery and approval, the business's receipt shows what
 * it paid and the provider's payment id, the professional's statement shows the price, the fee
 * at the rate frozen at hire and the amount paid out (price less fee); a milestone refunded by
 * agreement shows as refunded; a stranger, a visitor and an unpaid milestone get nothing. The
 * business reads only its own money in the ledger table (the charge and refunds). "Download
 * my data" holds each party's own ledger rows and documents, and nobody else's.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { must, newClient } from '../support/fixtures-rls-world.ts';
import {
  callPayments,
  hire,
  LOCAL_STRIPE_ENV,
  makeParty,
  submitHostedPage,
  type Hire,
  type Party,
} from '../support/payments-helpers.ts';
import { describeEachDb } from '../support/test-server.ts';
import { exportOf } from '../support/data-export.ts';

jest.setTimeout(90_000);

type Receipt = Record<string, unknown>;

/** The tables of `client`'s "Download my data" archive. */
const exportedTables = async (client: SupabaseClient) =>
  (await exportOf(client)).tables as Record<string, Receipt[]>;

describeEachDb(
  'payments: receipts for the business, statements for the professional',
  ({ server }) => {
    let service: SupabaseClient;
    let deal: Hire;
    let stranger: Party;
    let proRate: number;

    const receipt = async (who: SupabaseClient, id: string) =>
      must(await who.rpc('milestone_receipt', { p_milestone: id }), 'receipt') as Receipt;
    const fund = async (id: string) => {
      const checkout = await callPayments(deal.business.client, {
        action: 'fund',
        milestoneId: id,
      });
      expect(checkout.status).toBe(200);
      expect(await submitHostedPage(checkout.body.url as string)).toContain('checkout=paid');
    };

    beforeAll(async () => {
      const s = server();
      service = newClient(s, s.serviceRoleKey);
      const plan = must(
        await service
          .from('subscription_plans')
          .select('commission_rate')
          .eq('type', 'pro')
          .single(),
        'pro plan',
      ) as { commission_rate: number };
      proRate = Number(plan.commission_rate);
      deal = await hire(s, service, 987);
      stranger = await makeParty(s, service, 'stranger', { account_type: 'business' });
      const onboard = await callPayments(deal.professional.client, { action: 'onboard' });
      await submitHostedPage(onboard.body.url as string);
    }, 120_000);

    test('an unpaid milestone has no receipt yet, and says so', async () => {
      const { data, error } = await deal.business.client.rpc('milestone_receipt', {
        p_milestone: deal.milestoneId,
      });
      expect(data).toBeNull();
      expect(error?.code).toBe('22023');
      expect(error?.message).toBe(
        'There is no receipt yet: this milestone has not been paid (it is draft).',
      );
    });

    test('released: the receipt shows the payment, the statement shows price less fee = payout', async () => {
      await fund(deal.milestoneId);
      must(
        await deal.professional.client.rpc('mark_milestone_delivered', {
          p_milestone: deal.milestoneId,
        }),
        'deliver',
      );
      const approved = await callPayments(deal.business.client, {
        action: 'approve',
        milestoneId: deal.milestoneId,
      });
      expect(approved.body).toMatchObject({ status: 'released' });
      const row = must(
        await service
          .from('milestones')
          .select('payment_intent_id, transfer_id')
          .eq('id', deal.milestoneId)
          .single(),
        'milestone',
      ) as { payment_intent_id: string; transfer_id: string };

      const forBusiness = await receipt(deal.business.client, deal.milestoneId);
      expect(forBusiness).toMatchObject({
        document: 'receipt',
        viewer: 'business',
        status: 'released',
        project_title: 'Payments API integration',
        professional_name: 'payee',
        business_name: 'payer',
        amount_pence: 98_700,
        paid_pence: 98_700,
        payment_id: row.payment_intent_id,
        refunded_pence: null,
        // the professional's fee and transfer are not the business's to see
        fee_rate: null,
        fee_pence: null,
        payout_pence: null,
        transfer_id: null,
      });
      expect(forBusiness.payment_id).toMatch(/^pi_/);
      expect(Date.parse(forBusiness.paid_at as string)).toBeGreaterThan(Date.now() - 120_000);

      const fee = Math.round((98_700 * proRate) / 100);
      expect(fee).toBeGreaterThan(0);
      const forPro = await receipt(deal.professional.client, deal.milestoneId);
      expect(forPro).toMatchObject({
        document: 'statement',
        viewer: 'professional',
        amount_pence: 98_700,
        fee_pence: fee,
        payout_pence: 98_700 - fee,
        paid_out_pence: 98_700 - fee,
        transfer_id: row.transfer_id,
        payment_id: null,
        refunded_pence: null,
      });
      expect(Number(forPro.fee_rate)).toBe(proRate);
      expect((forPro.amount_pence as number) - (forPro.fee_pence as number)).toBe(
        forPro.paid_out_pence,
      );
      expect(forPro.paid_out_at).not.toBeNull();
    });

    test('reading the ledger table, the business sees its charge, not the fee or the transfer', async () => {
      const rowsOf = async (who: SupabaseClient) =>
        (
          must(
            await who
              .from('ledger_entries')
              .select('kind')
              .eq('milestone_id', deal.milestoneId)
              .order('kind'),
            'ledger',
          ) as { kind: string }[]
        ).map((row) => row.kind);
      expect(await rowsOf(deal.business.client)).toEqual(['charge']);
      expect(await rowsOf(deal.professional.client)).toEqual(['charge', 'fee', 'transfer']);
      expect(await rowsOf(stranger.client)).toEqual([]);
    });

    test('a stranger and a visitor get nothing, as if the milestone did not exist', async () => {
      const asStranger = await stranger.client.rpc('milestone_receipt', {
        p_milestone: deal.milestoneId,
      });
      expect(asStranger.data).toBeNull();
      expect(asStranger.error?.code).toBe('P0002');
      expect(asStranger.error?.message).toBe('No such milestone on a hire of yours.');
      const visitor = newClient(server(), server().anonKey);
      const asVisitor = await visitor.rpc('milestone_receipt', { p_milestone: deal.milestoneId });
      expect(asVisitor.data).toBeNull();
      expect(asVisitor.error).not.toBeNull();
      // an id that does not exist answers the same as someone else's
      const missing = await deal.business.client.rpc('milestone_receipt', {
        p_milestone: '00000000-0000-4000-8000-000000000000',
      });
      expect(missing.error?.code).toBe('P0002');
    });

    test('a milestone refunded by agreement shows as refunded on both documents, with no payout', async () => {
      const next = must(
        await deal.business.client.rpc('add_milestone', {
          p_project: deal.projectId,
          p_amount_pence: 4_321,
          p_description: 'Refunded phase',
        }),
        'add',
      ) as { id: string };
      await fund(next.id);
      await callPayments(deal.business.client, {
        action: 'cancel-and-refund',
        milestoneId: next.id,
      });
      const agreed = await callPayments(deal.professional.client, {
        action: 'cancel-and-refund',
        milestoneId: next.id,
      });
      expect(agreed.body).toMatchObject({ status: 'refunded', refundedPence: 4_321 });

      const forBusiness = await receipt(deal.business.client, next.id);
      expect(forBusiness).toMatchObject({
        status: 'refunded',
        description: 'Refunded phase',
        paid_pence: 4_321,
        refunded_pence: 4_321,
      });
      expect(forBusiness.refund_id).toMatch(/^re_/);
      expect(forBusiness.refunded_at).not.toBeNull();
      const forPro = await receipt(deal.professional.client, next.id);
      expect(forPro).toMatchObject({
        status: 'refunded',
        refunded_pence: 4_321,
        fee_pence: null,
        payout_pence: null,
        paid_out_pence: null,
        refund_id: null,
      });
    });

    test('"Download my data" holds each party\'s own payments and documents, nobody else\'s', async () => {
      const kinds = (rows: Receipt[] | undefined) =>
        (rows ?? []).map((r) => `${String(r.kind)} ${String(r.amount_pence)}`).sort();
      const business = await exportedTables(deal.business.client);
      // the released milestone's payment, and the refunded one's payment and refund
      expect(kinds(business.ledger_entries)).toEqual(
        ['charge 4321', 'charge 98700', 'refund 4321'].sort(),
      );
      expect((business.payment_receipts ?? []).map((r) => [r.document, r.status])).toEqual([
        ['receipt', 'released'],
        ['receipt', 'refunded'],
      ]);
      expect(business.milestones?.length).toBe(2);

      const fee = Math.round((98_700 * proRate) / 100);
      const pro = await exportedTables(deal.professional.client);
      expect(kinds(pro.ledger_entries)).toEqual(
        [`fee ${fee}`, `transfer ${98_700 - fee}`, 'refund 4321'].sort(),
      );
      expect((pro.payment_receipts ?? []).map((r) => [r.document, r.status])).toEqual([
        ['statement', 'released'],
        ['statement', 'refunded'],
      ]);

      const other = await exportedTables(stranger.client);
      expect(other.ledger_entries).toBeUndefined();
      expect(other.payment_receipts).toBeUndefined();
      expect(other.milestones).toBeUndefined();
    });
  },
  { env: LOCAL_STRIPE_ENV },
);
