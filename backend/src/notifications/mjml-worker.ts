import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { findRepoRoot } from '../config/config.ts';

/** What compiling one MJML document gives: the HTML, and MJML's validation errors. */
export interface CompiledMjml {
  html: string;
  errors: string[];
}

interface Job {
  resolve: (compiled: CompiledMjml) => void;
  reject: (error: Error) => void;
}

/**
 * MJML is compiled in a worker thread. Loading mjml (with cheerio, juice and postcss) held a
 * server's event loop for 250–300 ms the first time it sent an e-mail, and each e-mail's compile
 * held it again: every socket and request of that instance waited
 * (bench/realtime-cluster.ts: live delivery p99 about 400 ms in the two seconds it happened).
 * Plain CommonJS run with eval, as the bcrypt pool's workers: no loader or TypeScript inside.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let compile;
parentPort.on('message', async ({ id, source }) => {
  try {
    if (!compile) {
      const loaded = require(workerData.mjmlPath);
      compile = typeof loaded === 'function' ? loaded : loaded.default;
    }
    const compiled = await compile(source, { validationLevel: 'strict', minify: false });
    parentPort.postMessage({
      id,
      html: compiled.html,
      errors: compiled.errors.map((error) => error.formattedMessage),
    });
  } catch (error) {
    parentPort.postMessage({ id, failure: String(error && error.stack || error) });
  }
});`;

interface Reply {
  id: number;
  html?: string;
  errors?: string[];
  failure?: string;
}

let worker: Worker | undefined;
const pending = new Map<number, Job>();
let nextId = 0;

function failAll(error: Error) {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

/** Started with the first e-mail, not at every server start: most servers never send one. */
function mjmlWorker(): Worker {
  if (worker) return worker;
  const mjmlPath = createRequire(path.join(findRepoRoot(), 'backend/package.json')).resolve('mjml');
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { mjmlPath } });
  started.on('message', (reply: Reply) => {
    const job = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.html === undefined) job?.reject(new Error(reply.failure ?? 'MJML compile failed'));
    else job?.resolve({ html: reply.html, errors: reply.errors ?? [] });
  });
  // A worker that dies takes its jobs with it; the next e-mail starts a new one.
  const lost = (error: Error) => {
    if (worker === started) worker = undefined;
    failAll(error);
  };
  started.on('error', lost);
  started.on('exit', (code) => lost(new Error(`the MJML worker stopped (exit ${code})`)));
  started.unref(); // never keeps the process alive on shutdown
  worker = started;
  return started;
}

/** Compiles an MJML document (strict validation, not minified) off the event loop. */
export function compileMjml(source: string): Promise<CompiledMjml> {
  return new Promise((resolve, reject) => {
    const id = (nextId += 1);
    pending.set(id, { resolve, reject });
    mjmlWorker().postMessage({ id, source });
  });
}
