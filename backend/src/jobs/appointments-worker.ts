import type { AppContext } from '../app-context.ts';
import { every } from './every.ts';

export interface TickResult {
  completed: number;
  reminders: number;
}

/**
 * One pass of public.appointments_tick(): confirmed calls past their end become completed, and
 * each party gets its in-app reminder 24 hours and 15 minutes before. The function is idempotent
 * (one reminder per user, appointment and kind), so two server instances may both run it.
 */
export async function runAppointmentsTick(ctx: Pick<AppContext, 'db'>): Promise<TickResult> {
  const { rows } = await ctx.db.query<{ result: TickResult }>(
    'select public.appointments_tick() as result',
  );
  return rows[0]?.result ?? { completed: 0, reminders: 0 };
}

/** Runs the tick every `intervalMs` until stopped; errors are logged and the next tick retries. */
export function startAppointmentsWorker(ctx: AppContext, intervalMs = 10_000): () => void {
  return every('appointments tick', intervalMs, () => runAppointmentsTick(ctx));
}
