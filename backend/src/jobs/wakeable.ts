import type { Db } from '../db/types.ts';

export interface WakeableJob {
  /** Names the job in the log. */
  label: string;
  /** The NOTIFY channel whose payloads wake it: the writer's trigger notifies it. */
  channel: string;
  /** Also runs this often, for what a lost wake-up left behind. */
  intervalMs: number;
  pass: () => Promise<unknown>;
}

/**
 * Runs a job at once, whenever its channel is notified, when listening resumes after a lost
 * connection (notifications in between were missed) and every `intervalMs`, until the returned
 * function stops it. One pass at a time: a wake-up during a pass asks for one more straight
 * after, so nothing waits for the next tick. Errors are logged; the next pass retries. The work
 * is claimed in the database, so several instances may run the same job.
 */
export function runWhenWoken(db: Db, job: WakeableJob): () => void {
  let stopped = false;
  let running = false;
  let again = false;
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    job
      .pass()
      .catch((error: unknown) => console.error(`[backend] ${job.label} failed:`, error))
      .finally(() => {
        running = false;
        if (again) pass();
      });
  };
  const timer = setInterval(pass, job.intervalMs);
  timer.unref();
  let unlisten: (() => Promise<void>) | undefined;
  db.listen(job.channel, pass)
    .then((stop) => {
      if (stopped) void stop();
      else unlisten = stop;
    })
    .catch((error: unknown) =>
      console.error(`[backend] ${job.label} could not listen, polling only:`, error),
    );
  db.onListenResumed?.(pass);
  pass();
  return () => {
    stopped = true;
    clearInterval(timer);
    void unlisten?.();
  };
}
