/**
 * Payments from hire to payout against the real server, with the official stripe client talking
 * to the backend's local Stripe-speaking provider: onboarding, funding through the hosted
 * checkout and its signed webhook, delivery, approval and the transfer of the price less the
 * plan's fee (frozen at hire), with the ledger to the penny. Also: no funding before onboarding
 * is complete (told in words), the state machine refusing out-of-order steps, strangers seeing
 * nothing, the ledger refusing changes, replays changing nothing and forged signatures refused,
 * and a dispute decided by staff with the payments area (refund).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { must, newClient } from '../support/fixtures-rls-world.ts';
import {
  callPayments,
  deliver,
  event,
  hire,
  LOCAL_STRIPE_ENV,
  localStripe,
  makeParty,
  submitHostedPage,
  type Hire,
  type Party,
} from '../support/payments-helpers.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(90_000);

interface Milestone {
  id: string;
  status: string;
  amount_pence: number;
  fee_rate: string | number;
  transitions: number;
  payment_intent_id: string | null;
  transfer_id: string | null;
}
interface Ledger {
  kind: string;
  amount_pence: number;
  provider_id: string;
}

describeEachDb(
  'payments: onboarding, funding, delivery, approval and release',
  ({ server }) => {
    let service: SupabaseClient;
    let deal: Hire;
    let stranger: Party;
    let proRate: number;

    const milestone = async (who: SupabaseClient, id = deal.milestoneId) =>
      must(
        await who.from('milestones').select('*').eq('id', id).single(),
        'milestone',
      ) as Milestone;
    const ledger = async (who: SupabaseClient, id = deal.milestoneId) =>
      must(
        await who
          .from('ledger_entries')
          .select('kind, amount_pence, provider_id')
          .eq('milestone_id', id)
          .order('id'),
        'ledger',
      ) as Ledger[];

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
      deal = await hire(s, service, 1234);
      stranger = await makeParty(s, service, 'stranger', { account_type: 'professional' });
    }, 120_000);

    test('hiring makes a draft milestone of the agreed price at the plan fee of that moment', async () => {
      const first = await milestone(deal.business.client);
      expect(first).toMatchObject({ status: 'draft', amount_pence: 123_400, transitions: 0 });
      expect(Number(first.fee_rate)).toBe(proRate);
      expect((await milestone(deal.professional.client)).id).toBe(deal.milestoneId);
      // the plan's fee changes later: hires already made keep theirs
      must(
        await service
          .from('subscription_plans')
          .update({ commission_rate: proRate + 5 })
          .eq('type', 'pro'),
        'raise fee',
      );
      const added = must(
        await deal.business.client.rpc('add_milestone', {
          p_project: deal.projectId,
          p_amount_pence: 5_000,
          p_description: 'Second phase',
          p_due_date: null,
        }),
        'add',
      ) as Milestone;
      expect(Number(added.fee_rate)).toBe(proRate);
      must(
        await service
          .from('subscription_plans')
          .update({ commission_rate: proRate })
          .eq('type', 'pro'),
        'restore fee',
      );
      // only the business adds milestones; a draft can be cancelled by it, not by the professional
      const byPro = await deal.professional.client.rpc('add_milestone', {
        p_project: deal.projectId,
        p_amount_pence: 5_000,
        p_description: 'Mine',
      });
      expect(byPro.error?.code).toBe('P0002');
      expect(
        (await deal.professional.client.rpc('cancel_milestone', { p_milestone: added.id })).error
          ?.code,
      ).toBe('P0002');
      const cancelled = must(
        await deal.business.client.rpc('cancel_milestone', { p_milestone: added.id }),
        'cancel',
      ) as Milestone;
      expect(cancelled.status).toBe('cancelled');
    });

    test('a professional without completed onboarding cannot be funded, and the business is told why', async () => {
      const refused = await callPayments(deal.business.client, {
        action: 'fund',
        milestoneId: deal.milestoneId,
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        code: 'payouts_not_enabled',
        error: expect.stringMatching(/has not finished setting up payouts/),
      });
      // a business has no payouts to set up
      const notPro = await callPayments(deal.business.client, { action: 'onboard' });
      expect(notPro.status).toBe(403);

      const started = await callPayments(deal.professional.client, { action: 'onboard' });
      expect(started.status).toBe(200);
      expect(started.body.url).toMatch(/\/stripe-local\/onboarding\/acct_/);
      const account = must(
        await deal.professional.client.from('payout_accounts').select('*').single(),
        'account',
      ) as { status: string; provider_account_id: string };
      expect(account.status).toBe('pending');
      // still pending: funding still refused
      expect(
        (
          await callPayments(deal.business.client, {
            action: 'fund',
            milestoneId: deal.milestoneId,
          })
        ).status,
      ).toBe(409);
      // asking again reuses the account
      const again = await callPayments(deal.professional.client, { action: 'onboard' });
      expect(again.body.url).toContain(account.provider_account_id);

      const page = await fetch(started.body.url as string);
      expect(await page.text()).toContain('Test onboarding — no identity check is made');
      expect(await submitHostedPage(started.body.url as string)).toMatch(
        /localhost:3000\/payments\?onboarding=returned$/,
      );
      const enabled = must(
        await deal.professional.client.from('payout_accounts').select('status').single(),
        'account',
      ) as { status: string };
      expect(enabled.status).toBe('enabled');
      const remote = await localStripe(server()).accounts.retrieve(account.provider_account_id);
      expect(remote.payouts_enabled).toBe(true);
    });

    test('fund through the hosted checkout, deliver, approve: the price less the fee is transferred and the ledger adds up', async () => {
      // the professional cannot fund, a stranger is told nothing exists
      expect(
        (
          await callPayments(deal.professional.client, {
            action: 'fund',
            milestoneId: deal.milestoneId,
          })
        ).status,
      ).toBe(404);
      expect(
        (await callPayments(stranger.client, { action: 'fund', milestoneId: deal.milestoneId }))
          .status,
      ).toBe(404);

      const checkout = await callPayments(deal.business.client, {
        action: 'fund',
        milestoneId: deal.milestoneId,
      });
      expect(checkout.status).toBe(200);
      const url = checkout.body.url as string;
      const html = await (await fetch(url)).text();
      expect(html).toContain('Test payment — no card is charged');
      expect(html).toContain('£1,234.00');
      // opening checkout twice gives the same session (idempotency key)
      const twice = await callPayments(deal.business.client, {
        action: 'fund',
        milestoneId: deal.milestoneId,
      });
      expect(twice.body.sessionId).toBe(checkout.body.sessionId);
      // not delivered before it is paid
      expect(
        (
          await deal.professional.client.rpc('mark_milestone_delivered', {
            p_milestone: deal.milestoneId,
          })
        ).error?.message,
      ).toBe('Only a funded milestone can be marked delivered; this one is draft.');

      expect(await submitHostedPage(url)).toContain('checkout=paid');
      const funded = await milestone(deal.business.client);
      expect(funded).toMatchObject({ status: 'funded', transitions: 1 });
      expect(funded.payment_intent_id).toMatch(/^pi_/);
      expect(await ledger(deal.business.client)).toEqual([
        { kind: 'charge', amount_pence: 123_400, provider_id: funded.payment_intent_id },
      ]);

      // approval needs delivery first; only the professional delivers
      const early = await callPayments(deal.business.client, {
        action: 'approve',
        milestoneId: deal.milestoneId,
      });
      expect(early).toEqual({
        status: 409,
        body: { error: 'Only delivered work can be approved; this milestone is funded.' },
      });
      expect(
        (
          await deal.business.client.rpc('mark_milestone_delivered', {
            p_milestone: deal.milestoneId,
          })
        ).error?.code,
      ).toBe('P0002');
      must(
        await deal.professional.client.rpc('mark_milestone_delivered', {
          p_milestone: deal.milestoneId,
        }),
        'deliver',
      );
      expect(
        (
          await callPayments(deal.professional.client, {
            action: 'approve',
            milestoneId: deal.milestoneId,
          })
        ).status,
      ).toBe(404);

      const fee = Math.round((123_400 * proRate) / 100);
      const approved = await callPayments(deal.business.client, {
        action: 'approve',
        milestoneId: deal.milestoneId,
      });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({
        status: 'released',
        transferredPence: 123_400 - fee,
        feePence: fee,
      });
      const released = await milestone(deal.professional.client);
      expect(released).toMatchObject({ status: 'released', transitions: 4 });
      const transfer = await localStripe(server()).transfers.retrieve(released.transfer_id!);
      const account = must(
        await deal.professional.client
          .from('payout_accounts')
          .select('provider_account_id')
          .single(),
        'account',
      ) as { provider_account_id: string };
      expect(transfer).toMatchObject({
        amount: 123_400 - fee,
        currency: 'gbp',
        destination: account.provider_account_id,
      });
      // approving again is a retry: same transfer (idempotency key), nothing recorded twice
      expect(
        (
          await callPayments(deal.business.client, {
            action: 'approve',
            milestoneId: deal.milestoneId,
          })
        ).status,
      ).toBe(409);
      // the transfer.created webhook arrives too and changes nothing
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rows = await ledger(deal.professional.client);
      expect(rows).toEqual([
        { kind: 'charge', amount_pence: 123_400, provider_id: funded.payment_intent_id },
        { kind: 'transfer', amount_pence: 123_400 - fee, provider_id: transfer.id },
        { kind: 'fee', amount_pence: fee, provider_id: transfer.id },
      ]);
      expect((await milestone(deal.business.client)).transitions).toBe(4);
    });

    test('a stranger sees no milestone, ledger row or payout account, and cannot act on them', async () => {
      for (const table of ['milestones', 'ledger_entries', 'payout_accounts', 'payment_events']) {
        const { data, error } = await stranger.client.from(table).select('*');
        expect(error).toBeNull();
        expect(data).toEqual([]);
      }
      for (const fn of ['mark_milestone_delivered', 'approve_milestone', 'cancel_milestone']) {
        const { error } = await stranger.client.rpc(fn, { p_milestone: deal.milestoneId });
        expect(error?.code).toBe('P0002');
      }
      const dispute = await stranger.client.rpc('open_milestone_dispute', {
        p_milestone: deal.milestoneId,
        p_reason: 'Not mine',
      });
      expect(dispute.error?.code).toBe('P0002');
      const visitor = newClient(server(), server().anonKey);
      expect((await visitor.from('milestones').select('*')).data ?? []).toEqual([]);
    });

    test('the ledger is append-only for everyone, the service role included', async () => {
      const update = await service
        .from('ledger_entries')
        .update({ amount_pence: 1 })
        .eq('milestone_id', deal.milestoneId);
      expect(update.error).not.toBeNull();
      const remove = await service
        .from('ledger_entries')
        .delete()
        .eq('milestone_id', deal.milestoneId);
      expect(remove.error).not.toBeNull();
      const byUser = await deal.business.client
        .from('ledger_entries')
        .insert({ kind: 'refund', amount_pence: 1, provider_id: 're_forged' });
      expect(byUser.error?.code).toBe('42501');
      expect(await ledger(service)).toHaveLength(3);
      // nor can a party write a milestone directly
      const direct = await deal.business.client
        .from('milestones')
        .update({ status: 'draft' })
        .eq('id', deal.milestoneId);
      expect(direct.error?.code).toBe('42501');
    });

    test('webhooks: a forged signature is refused, a replay changes nothing, a second paid checkout does not fund twice', async () => {
      const next = must(
        await deal.business.client.rpc('add_milestone', {
          p_project: deal.projectId,
          p_amount_pence: 20_000,
          p_description: 'Replay check',
        }),
        'add',
      ) as Milestone;
      must(
        await service.rpc('payments_record_checkout', {
          p_milestone: next.id,
          p_session: `cs_test_replay_${next.id}`,
        }),
        'session',
      );
      const paid = event('checkout.session.completed', {
        id: `cs_test_replay_${next.id}`,
        object: 'checkout.session',
        amount_total: 20_000,
        currency: 'gbp',
        payment_status: 'paid',
        payment_intent: `pi_test_replay_${next.id.slice(0, 8)}`,
        metadata: { milestone_id: next.id },
      });
      const payload = JSON.stringify(paid);
      const forged = await deliver(server(), payload, 'whsec_someone_else');
      expect(forged.status).toBe(400);
      expect((await milestone(service, next.id)).status).toBe('draft');
      const unsigned = await fetch(`${server().url}/functions/v1/stripe-webhook`, {
        method: 'POST',
        body: payload,
      });
      expect(unsigned.status).toBe(400);

      expect((await deliver(server(), payload)).body).toEqual({
        received: true,
        outcome: 'applied',
      });
      expect((await deliver(server(), payload)).body).toEqual({
        received: true,
        outcome: 'duplicate',
      });
      // the same session completed under another event id (the provider retried as a new event)
      const again = JSON.stringify({ ...paid, id: `${paid.id}_b` });
      expect((await deliver(server(), again)).body).toEqual({
        received: true,
        outcome: 'no_change',
      });
      const after = await milestone(service, next.id);
      expect(after).toMatchObject({ status: 'funded', transitions: 1 });
      expect((await ledger(service, next.id)).map((r) => r.kind)).toEqual(['charge']);
      // an amount that does not match the milestone funds nothing
      const other = must(
        await deal.business.client.rpc('add_milestone', {
          p_project: deal.projectId,
          p_amount_pence: 30_000,
          p_description: 'Mismatch check',
        }),
        'add',
      ) as Milestone;
      must(
        await service.rpc('payments_record_checkout', {
          p_milestone: other.id,
          p_session: `cs_test_mm_${other.id}`,
        }),
        'session',
      );
      const short = event('checkout.session.completed', {
        id: `cs_test_mm_${other.id}`,
        amount_total: 100,
        currency: 'gbp',
        payment_status: 'paid',
        payment_intent: 'pi_test_short',
        metadata: { milestone_id: other.id },
      });
      expect((await deliver(server(), JSON.stringify(short))).body.outcome).toBe('amount_mismatch');
      expect((await milestone(service, other.id)).status).toBe('draft');
    });

    test('a dispute freezes the milestone; staff with the payments area refund it, with the reason audited', async () => {
      const next = must(
        await deal.business.client.rpc('add_milestone', {
          p_project: deal.projectId,
          p_amount_pence: 50_000,
          p_description: 'Disputed phase',
        }),
        'add',
      ) as Milestone;
      const checkout = await callPayments(deal.business.client, {
        action: 'fund',
        milestoneId: next.id,
      });
      await submitHostedPage(checkout.body.url as string);
      expect((await milestone(service, next.id)).status).toBe('funded');
      must(
        await deal.business.client.rpc('open_milestone_dispute', {
          p_milestone: next.id,
          p_reason: 'The work was not started.',
        }),
        'dispute',
      );
      // frozen: nothing moves
      expect(
        (await deal.professional.client.rpc('mark_milestone_delivered', { p_milestone: next.id }))
          .error?.message,
      ).toBe('Only a funded milestone can be marked delivered; this one is disputed.');
      // a party cannot decide its own dispute
      const self = await callPayments(deal.business.client, {
        action: 'resolve',
        milestoneId: next.id,
        outcome: 'refund',
        reason: 'Mine',
      });
      expect(self.status).toBe(403);

      const staff = await makeParty(server(), service, 'payments-staff', {
        account_type: 'professional',
      });
      must(
        await service.from('admin_users').insert({
          user_id: staff.id,
          role: 'admin',
          permissions: { payments: true },
          is_active: true,
        }),
        'staff',
      );
      const seen = must(
        await staff.client.from('milestones').select('id').eq('id', next.id),
        'staff view',
      ) as unknown[];
      expect(seen).toHaveLength(1);
      const resolved = await callPayments(staff.client, {
        action: 'resolve',
        milestoneId: next.id,
        outcome: 'refund',
        reason: 'Work never started; both sides agree.',
      });
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({ status: 'refunded', refundedPence: 50_000 });
      const after = await milestone(service, next.id);
      expect(after.status).toBe('refunded');
      expect((await ledger(service, next.id)).map((r) => [r.kind, r.amount_pence])).toEqual([
        ['charge', 50_000],
        ['refund', 50_000],
      ]);
      const audit = must(
        await service
          .from('admin_audit_log')
          .select('actor_id, action, reason')
          .eq('target_id', next.id),
        'audit',
      );
      expect(audit).toEqual([
        {
          actor_id: staff.id,
          action: 'milestone_dispute_refund',
          reason: 'Work never started; both sides agree.',
        },
      ]);
    });

    test('a funded milestone both parties agree to cancel is refunded to the business', async () => {
      const next = must(
        await deal.business.client.rpc('add_milestone', {
          p_project: deal.projectId,
          p_amount_pence: 7_500,
          p_description: 'Cancelled by agreement',
        }),
        'add',
      ) as Milestone;
      // not before it is paid: an unfunded milestone is simply cancelled
      expect(
        (
          await callPayments(deal.business.client, {
            action: 'cancel-and-refund',
            milestoneId: next.id,
          })
        ).status,
      ).toBe(409);
      const checkout = await callPayments(deal.business.client, {
        action: 'fund',
        milestoneId: next.id,
      });
      await submitHostedPage(checkout.body.url as string);
      const asked = await callPayments(deal.business.client, {
        action: 'cancel-and-refund',
        milestoneId: next.id,
      });
      expect(asked).toEqual({
        status: 200,
        body: { status: 'funded', waitingForOtherParty: true },
      });
      // asking twice is still one request; a stranger cannot agree for the professional
      expect(
        (
          await callPayments(deal.business.client, {
            action: 'cancel-and-refund',
            milestoneId: next.id,
          })
        ).body,
      ).toEqual({ status: 'funded', waitingForOtherParty: true });
      expect(
        (await callPayments(stranger.client, { action: 'cancel-and-refund', milestoneId: next.id }))
          .status,
      ).toBe(404);
      expect((await milestone(service, next.id)).status).toBe('funded');
      const agreed = await callPayments(deal.professional.client, {
        action: 'cancel-and-refund',
        milestoneId: next.id,
      });
      expect(agreed.status).toBe(200);
      expect(agreed.body).toMatchObject({ status: 'refunded', refundedPence: 7_500 });
      expect(await milestone(service, next.id)).toMatchObject({
        status: 'refunded',
        transitions: 3,
      });
      // the refund.created webhook lands on the same refund: still one ledger row
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(
        (await ledger(deal.business.client, next.id)).map((r) => [r.kind, r.amount_pence]),
      ).toEqual([
        ['charge', 7_500],
        ['refund', 7_500],
      ]);
    });

    test('bad input is a clear 400; signed out is 401', async () => {
      expect(
        await callPayments(deal.business.client, { action: 'fund', milestoneId: 'nope' }),
      ).toEqual({
        status: 400,
        body: { error: 'milestoneId must be a UUID.' },
      });
      expect((await callPayments(deal.business.client, { action: 'steal' })).status).toBe(400);
      const visitor = newClient(server(), server().anonKey);
      expect((await callPayments(visitor, { action: 'onboard' })).status).toBe(401);
    });
  },
  { env: LOCAL_STRIPE_ENV },
);
