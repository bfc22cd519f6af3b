import type { AppContext } from '../app-context.ts';
import { runWhenWoken } from './wakeable.ts';

/** Queue rows released per transaction: a large fan-out commits (and shows up) in batches. */
export const MATCH_RELEASE_BATCH = 2000;

/**
 * Releases every due match notification: public.release_project_match_notifications() in batches
 * of MATCH_RELEASE_BATCH until a batch comes back short. Due rows are those queued at publishing
 * for professionals who may see the project now, and those whose early-access window has passed.
 * Idempotent (one notification per professional and project). Returns how many rows it took.
 */
export async function runMatchNotificationsTick(
  ctx: Pick<AppContext, 'db'>,
  batch = MATCH_RELEASE_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await ctx.db.query<{ released: number }>(
      'select public.release_project_match_notifications($1) as released',
      [batch],
    );
    const taken = rows[0]?.released ?? 0;
    total += taken;
    if (taken < batch) return total;
  }
}

/**
 * Runs the release when publishing wakes it (NOTIFY match_notifications) and every `intervalMs`
 * (the early-access windows that end, and anything a lost wake-up left), one pass at a time.
 */
export function startMatchNotificationsWorker(ctx: AppContext, intervalMs = 60_000): () => void {
  return runWhenWoken(ctx.db, {
    label: 'match notifications',
    channel: 'match_notifications',
    intervalMs,
    pass: () => runMatchNotificationsTick(ctx),
  });
}
