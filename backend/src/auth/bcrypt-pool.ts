import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** bcrypt off the event loop: ~80 ms of CPU per hash would otherwise stall every other request. */
export interface BcryptPool {
  hash(password: string, salt: string): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
}

interface Job {
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
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

interface Slot {
  worker: Worker;
  pending: Map<number, Job>;
}

function startSlot(bcryptPath: string): Slot {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath } });
  const pending = new Map<number, Job>();
  worker.on('message', (message: { id: number; result?: string | boolean; error?: string }) => {
    const job = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined || message.result === undefined)
      job?.reject(new Error(message.error));
    else job?.resolve(message.result);
  });
  worker.on('error', (error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  });
  worker.unref(); // never keeps the process alive on shutdown
  return { worker, pending };
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
  const slots = Array.from({ length: Math.max(1, size) }, () => startSlot(bcryptPath));
  let nextId = 0;
  const run = (op: 'hash' | 'compare', password: string, other: string) =>
    new Promise<string | boolean>((resolve, reject) => {
      const slot = slots.reduce((best, candidate) =>
        candidate.pending.size < best.pending.size ? candidate : best,
      );
      const id = (nextId += 1);
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, op, password, other });
    });
  return {
    hash: async (password, salt) => String(await run('hash', password, salt)),
    compare: async (password, hash) => (await run('compare', password, hash)) === true,
  };
}
