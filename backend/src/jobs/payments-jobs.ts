import type Stripe from 'stripe';
import { paymentProvider } from '../../../supabase/functions/_shared/stripe.ts';
import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/types.ts';
import { every } from './every.ts';

/**
 * The payments jobs (docs/payments.md): the automatic refund of funded milestones not approved in
 * time, and the hourly reconciliation of the ledger with the provider's records. Both claim their
 * work in the database first, so several server instances may run them: a milestone is claimed
 * by one pass only (it moves to refund_pending as it is claimed), an hour's reconciliation by one
 * instance only. Every refund carries the idempotency key `refund-<milestone id>`, the same key
 * the payments function's refunds use, so a retry or a race never refunds twice.
 */

/** A milestone the automatic refund claimed. */
export interface ClaimedRefund {
  id: string;
  payment_intent_id: string | null;
  amount_pence: number;
}

/** Where the jobs read and write: SQL on the server, or the same functions through rpc in tests. */
export interface PaymentsJobStore {
  claimAutoRefunds(now: Date, limit: number): Promise<ClaimedRefund[]>;
  recordRefund(milestoneId: string, refundId: string, amountPence: number): Promise<string>;
  claimReconciliation(now: Date): Promise<number | null>;
  finishReconciliation(run: number, now: Date, records: ProviderRecords): Promise<number>;
}

/** The provider's objects the reconciliation compares with the ledger. */
export interface ProviderRecords {
  charges: { id: string; payment_intent: string | null; amount: number; created: number }[];
  transfers: { id: string; amount: number; created: number }[];
  refunds: { id: string; amount: number; created: number }[];
}

/** The store over the server's own database connection (the functions are security definer). */
export function sqlPaymentsStore(db: Queryable): PaymentsJobStore {
  return {
    async claimAutoRefunds(now, limit) {
      const { rows } = await db.query<ClaimedRefund>(
        'select id::text, payment_intent_id, amount_pence from public.payments_claim_auto_refunds($1::timestamptz, $2::integer)',
        [now.toISOString(), limit],
      );
      return rows.map((row) => ({ ...row, amount_pence: Number(row.amount_pence) }));
    },
    async recordRefund(milestoneId, refundId, amountPence) {
      const { rows } = await db.query<{ outcome: string }>(
        'select public.payments_record_refund($1::uuid, $2::text, $3::integer) as outcome',
        [milestoneId, refundId, amountPence],
      );
      return rows[0]?.outcome ?? 'ignored';
    },
    async claimReconciliation(now) {
      const { rows } = await db.query<{ id: string | number | null }>(
        'select public.payments_claim_reconciliation($1::timestamptz) as id',
        [now.toISOString()],
      );
      const id = rows[0]?.id;
      return id === null || id === undefined ? null : Number(id);
    },
    async finishReconciliation(run, now, records) {
      const { rows } = await db.query<{ drifts: number | string }>(
        'select public.payments_finish_reconciliation($1::bigint, $2::timestamptz, $3::jsonb) as drifts',
        [run, now.toISOString(), JSON.stringify(records)],
      );
      return Number(rows[0]?.drifts ?? 0);
    },
  };
}

export interface AutoRefundPass {
  refunded: { milestoneId: string; refundId: string; amountPence: number; outcome: string }[];
  failed: { milestoneId: string; error: string }[];
}

/**
 * One pass at `now`: claims the milestones whose approval window has passed (and its own earlier
 * claims whose refund was never recorded), refunds each through the provider and records the
 * refund in the ledger. A refund that fails stays refund_pending and is retried 10 minutes later.
 */
export async function runAutoRefunds(
  deps: { store: PaymentsJobStore; stripe: Stripe },
  now: Date = new Date(),
  limit = 20,
): Promise<AutoRefundPass> {
  const pass: AutoRefundPass = { refunded: [], failed: [] };
  for (const milestone of await deps.store.claimAutoRefunds(now, limit)) {
    try {
      if (!milestone.payment_intent_id) throw new Error('the milestone has no card payment');
      // the same parameters and key as the payments function's refund: one refund, whoever asks
      const refund = await deps.stripe.refunds.create(
        { payment_intent: milestone.payment_intent_id, metadata: { milestone_id: milestone.id } },
        { idempotencyKey: `refund-${milestone.id}` },
      );
      const outcome = await deps.store.recordRefund(milestone.id, refund.id, refund.amount);
      pass.refunded.push({
        milestoneId: milestone.id,
        refundId: refund.id,
        amountPence: refund.amount,
        outcome,
      });
    } catch (error) {
      pass.failed.push({
        milestoneId: milestone.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return pass;
}

/** The provider's charges, transfers and refunds created since `since` (every page). */
export async function listProviderRecords(stripe: Stripe, since: Date): Promise<ProviderRecords> {
  const created = { gte: Math.floor(since.getTime() / 1000) };
  const records: ProviderRecords = { charges: [], transfers: [], refunds: [] };
  for await (const charge of stripe.charges.list({ created, limit: 100 })) {
    if (charge.status !== 'succeeded') continue;
    // a paid plan's monthly charges are not milestone money, and the ledger does not hold them
    if (!charge.transfer_group?.startsWith('milestone_') && !charge.metadata?.milestone_id)
      continue;
    const intent = charge.payment_intent;
    records.charges.push({
      id: charge.id,
      payment_intent: typeof intent === 'string' ? intent : (intent?.id ?? null),
      amount: charge.amount,
      created: charge.created,
    });
  }
  for await (const transfer of stripe.transfers.list({ created, limit: 100 })) {
    records.transfers.push({ id: transfer.id, amount: transfer.amount, created: transfer.created });
  }
  for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
    if (refund.status === 'failed' || refund.status === 'canceled') continue;
    records.refunds.push({ id: refund.id, amount: refund.amount, created: refund.created });
  }
  return records;
}

/** The days of provider records each run lists: the compared window (35 days) and one more. */
const LISTED_DAYS = 36;

/**
 * One reconciliation at `now`: claims the hour's run (undefined when another instance has it),
 * lists the provider's records and lets the database compare them with the ledger.
 */
export async function runReconciliation(
  deps: { store: PaymentsJobStore; stripe: Stripe },
  now: Date = new Date(),
): Promise<{ runId: number; drifts: number } | undefined> {
  const runId = await deps.store.claimReconciliation(now);
  if (runId === null) return undefined;
  const records = await listProviderRecords(
    deps.stripe,
    new Date(now.getTime() - LISTED_DAYS * 86_400_000),
  );
  const drifts = await deps.store.finishReconciliation(runId, now, records);
  return { runId, drifts };
}

/** How often the payments jobs look for work: PAYMENTS_JOBS_INTERVAL_MS, 5 minutes by default, 0 = never. */
export function paymentsJobsInterval(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number.parseInt(env.PAYMENTS_JOBS_INTERVAL_MS ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : 300_000;
}

/**
 * Runs both jobs every `intervalMs` while a payment provider is configured (keys, or the local
 * provider of development); the reconciliation runs once per hour whichever pass claims it.
 */
export function startPaymentsJobs(
  ctx: AppContext,
  intervalMs = paymentsJobsInterval(),
): () => void {
  if (intervalMs === 0) return () => undefined;
  const store = sqlPaymentsStore(ctx.db);
  return every('payments jobs', intervalMs, async () => {
    const provider = paymentProvider();
    if (!provider) return;
    const deps = { store, stripe: provider.stripe };
    const refunds = await runAutoRefunds(deps);
    for (const done of refunds.refunded)
      console.log(
        `[backend] milestone ${done.milestoneId} refunded automatically (${done.refundId})`,
      );
    for (const failed of refunds.failed)
      console.error(`[backend] automatic refund of ${failed.milestoneId} failed: ${failed.error}`);
    const run = await runReconciliation(deps);
    if (run && run.drifts > 0)
      console.warn(`[backend] payments reconciliation ${run.runId}: ${run.drifts} drift(s)`);
  });
}
