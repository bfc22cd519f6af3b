import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

// Jest compiles tests to CommonJS, where __dirname exists; fall back to the working directory.
export const repoRoot =
  typeof __dirname === 'string' ? path.resolve(__dirname, '../../..') : process.cwd();

export interface BackendProcess {
  url: string;
  /** Everything the server printed so far (for failure messages). */
  log(): string;
  /** SIGTERM (graceful: closes the database, removes the lock), SIGKILL after 8 s. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function waitForReady(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`backend exited (${code}) before ready:\n${output()}`));
    child.once('exit', onExit);
    const poll = async () => {
      try {
        if ((await fetch(`${url}/health`)).ok) {
          child.off('exit', onExit);
          return resolve();
        }
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        return reject(new Error(`backend not ready in time:\n${output()}`));
      setTimeout(poll, 150);
    };
    void poll();
  });
}

/** Starts `tsx backend/src/main.ts` with `env` on a free port and waits for /health. */
export async function startBackend(env: NodeJS.ProcessEnv): Promise<BackendProcess> {
  const port = await freePort();
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['backend/src/main.ts'], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(child, url, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, log: () => log, stop };
}
