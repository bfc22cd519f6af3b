/**
 * The payments jobs' store for a test: on PostgreSQL the server's own SQL store on a second
 * connection pool (the job's real code), on PGlite (whose files the server holds) the same
 * database functions through rpc as the service role.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { openPostgres } from '../../src/db/postgres.ts';
import {
  sqlPaymentsStore,
  type ClaimedRefund,
  type PaymentsJobStore,
} from '../../src/jobs/payments-jobs.ts';
import type { TestServer } from './test-server.ts';
import { must } from './fixtures-rls-world.ts';

export async function paymentsJobStore(
  server: TestServer,
  service: SupabaseClient,
): Promise<{ store: PaymentsJobStore; close: () => Promise<void> }> {
  const url = server.databaseUrl;
  if (url) {
    // a pool per call, closed before the suite drops the database
    const withDb = async <T>(work: (store: PaymentsJobStore) => Promise<T>): Promise<T> => {
      const db = await openPostgres(url);
      try {
        return await work(sqlPaymentsStore(db));
      } finally {
        await db.close();
      }
    };
    const store: PaymentsJobStore = {
      claimAutoRefunds: (now, limit) => withDb((s) => s.claimAutoRefunds(now, limit)),
      recordRefund: (id, refund, amount) => withDb((s) => s.recordRefund(id, refund, amount)),
      claimReconciliation: (now) => withDb((s) => s.claimReconciliation(now)),
      finishReconciliation: (run, now, records) =>
        withDb((s) => s.finishReconciliation(run, now, records)),
    };
    return { store, close: async () => undefined };
  }
  const store: PaymentsJobStore = {
    async claimAutoRefunds(now, limit) {
      const rows = must(
        await service.rpc('payments_claim_auto_refunds', {
          p_now: now.toISOString(),
          p_limit: limit,
        }),
        'claim',
      ) as ClaimedRefund[];
      return rows;
    },
    async recordRefund(milestoneId, refundId, amountPence) {
      return must(
        await service.rpc('payments_record_refund', {
          p_milestone: milestoneId,
          p_refund: refundId,
          p_amount: amountPence,
        }),
        'record refund',
      ) as string;
    },
    async claimReconciliation(now) {
      const id = must(
        await service.rpc('payments_claim_reconciliation', { p_now: now.toISOString() }),
        'claim run',
      ) as number | null;
      return id === null ? null : Number(id);
    },
    async finishReconciliation(run, now, records) {
      return Number(
        must(
          await service.rpc('payments_finish_reconciliation', {
            p_run: run,
            p_now: now.toISOString(),
            p_provider: records,
          }),
          'finish run',
        ),
      );
    },
  };
  return { store, close: async () => undefined };
}
