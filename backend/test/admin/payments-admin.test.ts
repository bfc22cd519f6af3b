/**
 * The management portal's payments area in the database: the disputed milestones list (who, how
 * much, opened by whom, when, why) and the platform's fee income (the ledger's fee rows, this
 * month and all time) answer staff with the payments area and super admins, and refuse a stranger,
 * a professional, a business and staff holding another area.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { must, newClient } from '../support/fixtures-rls-world.ts';
import { hire, makeParty, type Hire, type Party } from '../support/payments-helpers.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(90_000);

interface Dispute {
  id: string;
  amount_pence: number;
  reason: string;
  opened_by: string | null;
  opened_at: string | null;
  project_title: string;
  business: { id: string; name: string };
  professional: { id: string; name: string };
}
interface FeeIncome {
  this_month_pence: number;
  all_time_pence: number;
}

describeEachDb(
  'payments admin: disputes and fee income for staff with the payments area',
  ({ server }) => {
    let service: SupabaseClient;
    let deal: Hire;
    let payments: Party, moderation: Party, boss: Party, stranger: Party;

    const appoint = async (who: Party, role: string, permissions: Record<string, boolean>) =>
      must(
        await service
          .from('admin_users')
          .insert({ user_id: who.id, role, permissions, is_active: true }),
        'appoint',
      );

    beforeAll(async () => {
      const s = server();
      service = newClient(s, s.serviceRoleKey);
      deal = await hire(s, service, 1234);
      stranger = await makeParty(s, service, 'stranger', { account_type: 'professional' });
      payments = await makeParty(s, service, 'pay-staff', { account_type: 'professional' });
      moderation = await makeParty(s, service, 'mod-staff', { account_type: 'professional' });
      boss = await makeParty(s, service, 'boss', { account_type: 'professional' });
      await appoint(payments, 'admin', { payments: true });
      await appoint(moderation, 'admin', { moderation: true, audit: true });
      await appoint(boss, 'super_admin', {});
      // The card payment landed (the webhook's job, tested in payments-flow): the service role
      // stands in for it so that the business can dispute.
      must(
        await service.from('milestones').update({ status: 'funded' }).eq('id', deal.milestoneId),
        'funded',
      );
      must(
        await deal.business.client.rpc('open_milestone_dispute', {
          p_milestone: deal.milestoneId,
          p_reason: 'Nothing was delivered.',
        }),
        'dispute',
      );
      // Fee rows: one last year, two this month (and a transfer, which is not income).
      must(
        await service.from('ledger_entries').insert({
          kind: 'fee',
          amount_pence: 5_000,
          provider_id: `tr_old_${deal.milestoneId}`,
          created_at: '2025-01-15T12:00:00Z',
        }),
        'old fee',
      );
      must(
        await service.from('ledger_entries').insert([
          { kind: 'fee', amount_pence: 1_234, provider_id: `tr_a_${deal.milestoneId}` },
          { kind: 'fee', amount_pence: 766, provider_id: `tr_b_${deal.milestoneId}` },
          { kind: 'transfer', amount_pence: 99_999, provider_id: `tr_a_${deal.milestoneId}` },
        ]),
        'ledger',
      );
    }, 120_000);

    test('a stranger, a professional, a business and staff of another area are refused both', async () => {
      const visitor = newClient(server(), server().anonKey);
      for (const [who, client] of [
        ['visitor', visitor],
        ['stranger', stranger.client],
        ['professional', deal.professional.client],
        ['business', deal.business.client],
        ['moderation staff', moderation.client],
      ] as const) {
        for (const fn of ['admin_payment_disputes', 'admin_platform_fee_income']) {
          const { data, error } = await client.rpc(fn);
          expect({ who, fn, data, refused: error !== null }).toEqual({
            who,
            fn,
            data: null,
            refused: true,
          });
          if (who !== 'visitor') expect(error?.code).toBe('42501');
        }
      }
    });

    test('payments staff see the dispute: parties, amount, who opened it, when and why', async () => {
      for (const client of [payments.client, boss.client]) {
        const list = must(await client.rpc('admin_payment_disputes'), 'disputes') as Dispute[];
        const mine = list.find((d) => d.id === deal.milestoneId);
        expect(mine).toMatchObject({
          amount_pence: 123_400,
          reason: 'Nothing was delivered.',
          opened_by: 'business',
          project_title: 'Payments API integration',
          business: { id: deal.business.id },
          professional: { id: deal.professional.id },
        });
        expect(Date.now() - Date.parse(mine?.opened_at ?? '')).toBeLessThan(10 * 60_000);
      }
    });

    test('payments staff see the fee income: fee rows only, this month and all time', async () => {
      const income = must(
        await payments.client.rpc('admin_platform_fee_income'),
        'income',
      ) as FeeIncome;
      // Other tests' fee rows may share the database: the sums include at least ours, exactly.
      const before = income;
      must(
        await service
          .from('ledger_entries')
          .insert({ kind: 'fee', amount_pence: 1, provider_id: `tr_c_${deal.milestoneId}` }),
        'one more',
      );
      const after = must(await boss.client.rpc('admin_platform_fee_income'), 'income') as FeeIncome;
      expect(after.this_month_pence - before.this_month_pence).toBe(1);
      expect(after.all_time_pence - before.all_time_pence).toBe(1);
      expect(before.this_month_pence).toBeGreaterThanOrEqual(2_000);
      expect(before.all_time_pence - before.this_month_pence).toBeGreaterThanOrEqual(5_000);
    });
  },
);
