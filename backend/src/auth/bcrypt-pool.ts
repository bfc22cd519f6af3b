import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { EvalWorker } from '../workers/eval-worker.ts';

/** bcrypt off the event loop: ~80 ms of CPU per hash would otherwise stall every other request. */
export interface BcryptPool {
  hash(password: string, salt: string): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
}

// Plain CommonJS run with eval: no loader or TypeScript needed inside the worker.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptPath);
parentPort.on('message', ({ id, op, password, other }) => {
  try {
    const result = op === 'hash' ? bcrypt.hashSync(password, other) : bcrypt.compareSync(password, other);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});`;

interface BcryptJob {
  op: 'hash' | 'compare';
  password: string;
  other: string;
}

/**
 * One worker per CPU (at most 4), jobs to the least busy. `backendDir` locates bcryptjs the same
 * way the server's own imports do, whatever the working directory.
 */
export function createBcryptPool(
  backendDir: string,
  size = Math.min(4, os.availableParallelism()),
): BcryptPool {
  const bcryptPath = createRequire(path.join(backendDir, 'package.json')).resolve('bcryptjs');
  const slots = Array.from(
    { length: Math.max(1, size) },
    () =>
      new EvalWorker<BcryptJob, string | boolean>(WORKER_SOURCE, { bcryptPath }, { eager: true }),
  );
  const run = (op: BcryptJob['op'], password: string, other: string) => {
    const slot = slots.reduce((best, candidate) =>
      candidate.pending < best.pending ? candidate : best,
    );
    return slot.run({ op, password, other });
  };
  return {
    hash: async (password, salt) => String(await run('hash', password, salt)),
    compare: async (password, hash) => (await run('compare', password, hash)) === true,
  };
}
