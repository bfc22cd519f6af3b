import { createRequire } from 'node:module';
import path from 'node:path';
import { findRepoRoot } from '../config/config.ts';
import { EvalWorker } from '../workers/eval-worker.ts';

/** What compiling one MJML document gives: the HTML, and MJML's validation errors. */
export interface CompiledMjml {
  html: string;
  errors: string[];
}

/**
 * MJML is compiled in a worker thread. Loading mjml (with cheerio, juice and postcss) held a
 * server's event loop for 250–300 ms the first time it sent an e-mail, and each e-mail's compile
 * held it again: every socket and request of that instance waited
 * (bench/realtime-cluster.ts: live delivery p99 about 400 ms in the two seconds it happened).
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
    const errors = compiled.errors.map((error) => error.formattedMessage);
    parentPort.postMessage({ id, result: { html: compiled.html, errors } });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error) });
  }
});`;

// Started with the first e-mail, not at every server start: most servers never send one.
let worker: EvalWorker<{ source: string }, CompiledMjml> | undefined;

/** Compiles an MJML document (strict validation, not minified) off the event loop. */
export function compileMjml(source: string): Promise<CompiledMjml> {
  worker ??= new EvalWorker(WORKER_SOURCE, {
    mjmlPath: createRequire(path.join(findRepoRoot(), 'backend/package.json')).resolve('mjml'),
  });
  return worker.run({ source });
}
