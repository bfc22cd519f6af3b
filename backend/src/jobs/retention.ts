import type { AppContext } from '../app-context.ts';
import { every } from './every.ts';

/** What one day's retention run deleted: rows per category, and the cut-off used for each. */
export interface RetentionRun {
  run_on: string;
  deleted: Record<string, number>;
  cutoffs: Record<string, string>;
}

/**
 * One pass: public.run_retention claims the UK day of `now` (so of several server instances only
 * the first runs it), deletes what is past its period in public.retention_policies and records
 * the counts. Returns the run, or undefined when the day had already been run.
 */
export async function runRetention(
  ctx: Pick<AppContext, 'db'>,
  now: Date = new Date(),
): Promise<RetentionRun | undefined> {
  const { rows } = await ctx.db.query<RetentionRun>(
    `select run_on::text as run_on, deleted, cutoffs from public.run_retention($1::timestamptz)`,
    [now.toISOString()],
  );
  return rows[0];
}

/** How often the job looks for a day to run: RETENTION_INTERVAL_MS, an hour by default, 0 = never. */
export function retentionInterval(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number.parseInt(env.RETENTION_INTERVAL_MS ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : 3_600_000;
}

/**
 * Runs a pass soon after start and then every `intervalMs` (the backend's one `every` loop) until
 * stopped; each day is run once, whichever pass comes first, and errors are logged. 0 runs none
 * (tests that move the clock themselves).
 */
export function startRetention(ctx: AppContext, intervalMs = retentionInterval()): () => void {
  if (intervalMs === 0) return () => undefined;
  const pass = async () => {
    const run = await runRetention(ctx);
    const total = run ? Object.values(run.deleted).reduce((sum, count) => sum + count, 0) : 0;
    if (run && total > 0)
      console.log(`[backend] retention ${run.run_on}: deleted ${JSON.stringify(run.deleted)}`);
  };
  const first = setTimeout(() => {
    pass().catch((error: unknown) => console.error('[backend] retention failed:', error));
  }, 5_000);
  first.unref();
  const stop = every('retention', intervalMs, pass);
  return () => {
    clearTimeout(first);
    stop();
  };
}
