import type { AppContext } from '../app-context.ts';
import { every } from './every.ts';

/**
 * One pass of public.release_project_match_notifications(): strong matches queued because a
 * project was still in its early-access window for them get their notification once it is
 * visible to them. Idempotent (one notification per professional and project).
 */
export async function runMatchNotificationsTick(ctx: Pick<AppContext, 'db'>): Promise<number> {
  const { rows } = await ctx.db.query<{ released: number }>(
    'select public.release_project_match_notifications() as released',
  );
  return rows[0]?.released ?? 0;
}

/** Runs the tick every `intervalMs` until stopped; errors are logged and the next tick retries. */
export function startMatchNotificationsWorker(ctx: AppContext, intervalMs = 60_000): () => void {
  return every('match notifications tick', intervalMs, () => runMatchNotificationsTick(ctx));
}
