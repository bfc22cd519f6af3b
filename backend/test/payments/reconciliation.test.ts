/**
 * Reconciliation of the ledger with the provider's records, against the backend's local provider
 * through the official stripe client's list endpoints: after a real hire paid, released and a
 * second milestone refunded by agreement, the ledger and the provider agree (no drift); then the
 * two are made to disagree (a transfer the ledger never saw, a ledger refund the provider never
 * made, a transfer recorded at another amount) and the next run records exactly those three.
 * Each hour is reconciled once however many instances ask; only payments staff read the result.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import { runReconciliation, type PaymentsJobStore } from '../../src/jobs/payments-jobs.ts';
import { must, newClient } from '../support/fixtures-rls-world.ts';
import {
  callPayments,
  hire,
  LOCAL_STRIPE_ENV,
  localStripe,
  makeParty,
  submitHostedPage,
  type Hire,
  type Party,
} from '../support/payments-helpers.ts';
import { paymentsJobStore } from '../support/payments-jobs-store.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(120_000);

const HOUR = 3_600_000;

describeEachDb(
  'payments: reconciliation of the ledger with the provider',
  ({ server }) => {
    let service: SupabaseClient;
    let store: PaymentsJobStore;
    let stripe: Stripe;
    let deal: Hire;
    let staff: Party;
    let account: string;

    const fund = async (id: string) => {
      const checkout = await callPayments(deal.business.client, {
        action: 'fund',
        milestoneId: id,
      });
      expect(checkout.status).toBe(200);
      await submitHostedPage(checkout.body.url as string);
    };
    const reconcile = (now: Date) => runReconciliation({ store, stripe }, now);
    const drifts = async (client: SupabaseClient, runId: number) =>
      must(
        await client
          .from('payment_drifts')
          .select('object, provider_id, problem, ledger_pence, provider_pence')
          .eq('run_id', runId)
          .order('provider_id'),
        'drifts',
      ) as Record<string, unknown>[];

    beforeAll(async () => {
      const s = server();
      service = newClient(s, s.serviceRoleKey);
      ({ store } = await paymentsJobStore(s, service));
      stripe = localStripe(s);
      deal = await hire(s, service, 250);
      staff = await makeParty(s, service, 'pay-staff', { account_type: 'professional' });
      must(
        await service.from('admin_users').insert({
          user_id: staff.id,
          role: 'admin',
          permissions: { payments: true },
          is_active: true,
        }),
        'appoint',
      );
      const onboard = await callPayments(deal.professional.client, { action: 'onboard' });
      await submitHostedPage(onboard.body.url as string);
      account = (
        must(
          await service
            .from('payout_accounts')
            .select('provider_account_id')
            .eq('user_id', deal.professional.id)
            .single(),
          'account',
        ) as { provider_account_id: string }
      ).provider_account_id;
      // one milestone paid and released, one refunded by agreement
      await fund(deal.milestoneId);
      must(
        await deal.professional.client.rpc('mark_milestone_delivered', {
          p_milestone: deal.milestoneId,
        }),
        'deliver',
      );
      expect(
        (
          await callPayments(deal.business.client, {
            action: 'approve',
            milestoneId: deal.milestoneId,
          })
        ).body,
      ).toMatchObject({ status: 'released' });
      const second = must(
        await deal.business.client.rpc('add_milestone', {
          p_project: deal.projectId,
          p_amount_pence: 3_000,
          p_description: 'Second part',
        }),
        'add',
      ) as { id: string };
      await fund(second.id);
      await callPayments(deal.business.client, {
        action: 'cancel-and-refund',
        milestoneId: second.id,
      });
      expect(
        (
          await callPayments(deal.professional.client, {
            action: 'cancel-and-refund',
            milestoneId: second.id,
          })
        ).body,
      ).toMatchObject({ status: 'refunded' });
    }, 120_000);

    test('ledger and provider agree: a run with no drift, claimed once per hour', async () => {
      const now = new Date(Date.now() + HOUR);
      const [first, second] = await Promise.all([reconcile(now), reconcile(now)]);
      const run = first ?? second;
      expect([first, second].filter(Boolean)).toHaveLength(1);
      expect(run).toEqual({ runId: expect.any(Number), drifts: 0 });
      const row = must(
        await staff.client
          .from('payment_reconciliation_runs')
          .select('drift_count, checked, finished_at')
          .eq('id', run!.runId)
          .single(),
        'run',
      ) as { drift_count: number; checked: Record<string, { provider: number; ledger: number }> };
      expect(row.drift_count).toBe(0);
      expect(row.checked).toEqual({
        charge: { provider: 2, ledger: 2 },
        transfer: { provider: 1, ledger: 1 },
        refund: { provider: 1, ledger: 1 },
      });
    });

    test('made to disagree, the next run records each difference', async () => {
      // a transfer the platform made that the ledger never recorded (no milestone on it)
      const stray = await stripe.transfers.create(
        { amount: 1_234, currency: 'gbp', destination: account },
        { idempotencyKey: `stray-${deal.milestoneId}` },
      );
      // a transfer recorded at another amount than the provider's
      const misrecorded = await stripe.transfers.create(
        { amount: 500, currency: 'gbp', destination: account },
        { idempotencyKey: `misrecorded-${deal.milestoneId}` },
      );
      must(
        await service.from('ledger_entries').insert([
          { kind: 'transfer', amount_pence: 600, provider_id: misrecorded.id },
          // a refund the provider never made
          { kind: 'refund', amount_pence: 999, provider_id: 're_ghost_reconciliation' },
        ]),
        'ledger rows',
      );
      const run = await reconcile(new Date(Date.now() + 2 * HOUR));
      expect(run?.drifts).toBe(3);
      const found = await drifts(staff.client, run!.runId);
      expect(found).toEqual(
        [
          {
            object: 'refund',
            provider_id: 're_ghost_reconciliation',
            problem: 'missing_at_provider',
            ledger_pence: 999,
            provider_pence: null,
          },
          {
            object: 'transfer',
            provider_id: stray.id,
            problem: 'missing_in_ledger',
            ledger_pence: null,
            provider_pence: 1_234,
          },
          {
            object: 'transfer',
            provider_id: misrecorded.id,
            problem: 'amount_differs',
            ledger_pence: 600,
            provider_pence: 500,
          },
        ].sort((a, b) => a.provider_id.localeCompare(b.provider_id)),
      );
    });

    test('only payments staff read runs and drifts', async () => {
      for (const who of [deal.business, deal.professional]) {
        expect(
          must(await who.client.from('payment_reconciliation_runs').select('id'), 'runs'),
        ).toEqual([]);
        expect(must(await who.client.from('payment_drifts').select('id'), 'drifts')).toEqual([]);
      }
      expect(
        (must(await staff.client.from('payment_drifts').select('id'), 'drifts') as unknown[])
          .length,
      ).toBe(3);
      const forged = await deal.business.client
        .from('payment_drifts')
        .insert({ run_id: 1, object: 'charge', provider_id: 'x', problem: 'amount_differs' });
      expect(forged.error).not.toBeNull();
      const claim = await deal.business.client.rpc('payments_claim_reconciliation', {
        p_now: new Date(Date.now() + 5 * HOUR).toISOString(),
      });
      expect(claim.error).not.toBeNull();
    });
  },
  { env: { ...LOCAL_STRIPE_ENV, PAYMENTS_JOBS_INTERVAL_MS: '0' } },
);
