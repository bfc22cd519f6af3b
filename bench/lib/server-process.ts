import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const repoRoot = process.cwd();

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

export interface RunningServer {
  url: string;
  /** The spawned process (tsx); the server itself runs in a child of it. */
  pid: number;
  /** Milliseconds from spawn until /health answered. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Spawns `tsx backend/src/main.ts` with `env` and waits for /health. Run from the repo root. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    ['backend/src/main.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('backend exited before it was ready');
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    readyMs,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
