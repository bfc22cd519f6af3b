/**
 * A webhook storm against the real server: 1,000 signed deliveries for 150 milestones of one
 * hire and the professional's connected account, with duplicates (the same event up to four
 * times, and some checkouts re-sent under a new event id) and everything shuffled, eight in
 * flight at once. Afterwards the ledger is exactly right (one charge per milestone, one row per
 * payout), no milestone changed state twice, and the account's status is its newest event's.
 * Timing is the bench's job (bench/payments-webhook-storm.ts), not this test's.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { must, newClient } from '../support/fixtures-rls-world.ts';
import { deliverAll, LOCAL_STRIPE_ENV, planStorm, stormHire } from '../support/payments-helpers.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(300_000);

describeEachDb(
  'payments: a storm of 1,000 webhook deliveries',
  ({ server }) => {
    let service: SupabaseClient;

    beforeAll(() => {
      service = newClient(server(), server().serviceRoleKey);
    });

    test('duplicates and reordering leave an exact ledger and one transition per milestone', async () => {
      const { deal, account, milestones } = await stormHire(server(), service, 150);
      const plan = planStorm(milestones, account, 1_000);
      expect(plan.deliveries).toHaveLength(1_000);

      const results = await deliverAll(server(), plan.deliveries, 8);
      expect(results.filter((r) => r.status !== 200)).toEqual([]);
      const outcomes = results.reduce<Record<string, number>>((counts, r) => {
        counts[String(r.outcome)] = (counts[String(r.outcome)] ?? 0) + 1;
        return counts;
      }, {});
      // every distinct event is processed once; every other delivery is a duplicate
      expect(outcomes.duplicate).toBe(1_000 - plan.distinctEvents);
      // each charge and payout applied once; account updates applied only when newer than the last
      const fixed = milestones.length + plan.expected.payouts.size;
      expect(outcomes.applied).toBeGreaterThan(fixed);
      expect(outcomes.applied).toBeLessThanOrEqual(fixed + 40);
      expect(outcomes.ignored ?? 0).toBe(0);

      const rows = must(
        await service
          .from('milestones')
          .select('id, status, transitions, payment_intent_id')
          .eq('project_id', deal.projectId),
        'milestones',
      ) as { id: string; status: string; transitions: number; payment_intent_id: string }[];
      expect(rows).toHaveLength(150);
      for (const row of rows) {
        expect(row).toEqual({
          id: row.id,
          status: 'funded',
          transitions: 1,
          payment_intent_id: plan.expected.charges.get(row.id)!.intent,
        });
      }

      const ledger = must(
        await service
          .from('ledger_entries')
          .select('kind, amount_pence, milestone_id, provider_id')
          .eq('professional_id', deal.professional.id),
        'ledger',
      ) as {
        kind: string;
        amount_pence: number;
        milestone_id: string | null;
        provider_id: string;
      }[];
      const charges = ledger.filter((r) => r.kind === 'charge');
      expect(charges).toHaveLength(150);
      for (const charge of charges) {
        const wanted = plan.expected.charges.get(charge.milestone_id!)!;
        expect(charge).toMatchObject({ amount_pence: wanted.amount, provider_id: wanted.intent });
      }
      const payouts = ledger.filter((r) => r.kind === 'payout');
      expect(new Map(payouts.map((p) => [p.provider_id, p.amount_pence]))).toEqual(
        plan.expected.payouts,
      );
      expect(payouts).toHaveLength(plan.expected.payouts.size);
      expect(ledger).toHaveLength(150 + plan.expected.payouts.size);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(sum(charges.map((c) => c.amount_pence))).toBe(
        sum(milestones.map((m) => m.amount_pence)),
      );

      const status = must(
        await service
          .from('payout_accounts')
          .select('status')
          .eq('user_id', deal.professional.id)
          .single(),
        'account',
      ) as { status: string };
      expect(status.status).toBe(plan.expected.accountStatus);
    });
  },
  { env: LOCAL_STRIPE_ENV },
);
