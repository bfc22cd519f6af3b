import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Modules = {
  timing: typeof import('./request-timing.ts');
  mutex: typeof import('../db/mutex.ts');
};

/** The timing log and the database mutex as a backend started with REQUEST_TIMING_LOG sees them. */
function load(logFile: string | undefined): Modules {
  const before = process.env.REQUEST_TIMING_LOG;
  if (logFile === undefined) delete process.env.REQUEST_TIMING_LOG;
  else process.env.REQUEST_TIMING_LOG = logFile;
  let modules!: Modules;
  jest.isolateModules(() => {
    modules = {
      timing: jest.requireActual('./request-timing.ts'),
      mutex: jest.requireActual('../db/mutex.ts'),
    };
  });
  if (before === undefined) delete process.env.REQUEST_TIMING_LOG;
  else process.env.REQUEST_TIMING_LOG = before;
  return modules;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the request timing log', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'promatch-timing-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one line per request: its time waiting for the connection and holding it', async () => {
    const file = path.join(dir, 'log.jsonl');
    const { timing, mutex } = load(file);
    const db = new mutex.Mutex();
    // the first request holds the connection for 40 ms; the second waits for it, then holds it
    const first = timing.timeRequest('GET', '/rest/v1/slow', () => db.run(() => pause(40)));
    const second = timing.timeRequest('POST', '/rest/v1/rpc/quick', () => db.run(() => pause(5)));
    await Promise.all([first, second]);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, number | string>);
    expect(lines.map((line) => line.path)).toEqual(['/rest/v1/slow', '/rest/v1/rpc/quick']);
    const [slow, quick] = lines as { queued: number; db: number; start: number; end: number }[];
    expect(slow.queued).toBeLessThan(10);
    expect(slow.db).toBeGreaterThanOrEqual(35);
    expect(quick.queued).toBeGreaterThanOrEqual(30);
    expect(quick.db).toBeGreaterThanOrEqual(3);
    expect(quick.end - quick.start).toBeGreaterThanOrEqual(quick.queued + quick.db - 1);
  });

  it('is off without REQUEST_TIMING_LOG: requests run as before and nothing is written', async () => {
    const { timing, mutex } = load(undefined);
    expect(timing.requestTimingEnabled).toBe(false);
    const db = new mutex.Mutex();
    await expect(timing.timeRequest('GET', '/x', () => db.run(async () => 7))).resolves.toBe(7);
  });
});
