import { Worker } from 'node:worker_threads';

interface Waiting<Result> {
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
}

interface Reply<Result> {
  id: number;
  result?: Result;
  error?: string;
}

/**
 * CPU-heavy work off the event loop, in a worker thread running plain CommonJS (`eval`: no loader
 * or TypeScript inside), so every other request and socket of the server keeps being served.
 * The source handles `{ id, ...job }` messages and answers `{ id, result }` or `{ id, error }`.
 * The thread starts with the first job unless `eager`; a thread that dies fails the jobs it held
 * and the next job starts a new one. It never keeps the process alive on shutdown.
 */
export class EvalWorker<Job extends object, Result> {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting<Result>>();
  private nextId = 0;

  constructor(
    private readonly source: string,
    private readonly workerData: unknown,
    options: { eager?: boolean } = {},
  ) {
    if (options.eager) this.thread();
  }

  /** Jobs sent and not answered yet. */
  get pending(): number {
    return this.waiting.size;
  }

  run(job: Job): Promise<Result> {
    return new Promise((resolve, reject) => {
      const id = (this.nextId += 1);
      this.waiting.set(id, { resolve, reject });
      this.thread().postMessage({ ...job, id });
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const started = new Worker(this.source, { eval: true, workerData: this.workerData });
    started.on('message', ({ id, result, error }: Reply<Result>) => {
      const job = this.waiting.get(id);
      this.waiting.delete(id);
      if (error !== undefined || result === undefined) job?.reject(new Error(error));
      else job?.resolve(result);
    });
    const lost = (error: Error) => {
      if (this.worker === started) this.worker = undefined;
      for (const job of this.waiting.values()) job.reject(error);
      this.waiting.clear();
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`worker thread stopped (exit ${code})`)));
    started.unref();
    this.worker = started;
    return started;
  }
}
