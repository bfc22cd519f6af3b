import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { adminQuery } from './support/test-server.ts';

/**
 * Several real servers on ONE PostgreSQL database (the scale-out shape), which test-server.ts
 * does not offer: it gives every server a fresh database. They share DATA_DIR only for the
 * signing key, as a deployment shares JWT_SIGNING_JWK.
 */
const repoRoot = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server at ${url} not ready`);
}

export interface Cluster {
  urls: string[];
  stop(): Promise<void>;
}

/** Starts `count` servers one after another (the first migrates) on a new database. */
export async function startCluster(count: number, env: Record<string, string>): Promise<Cluster> {
  const dbName = `pm_auth_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-auth-cluster-'));
  await adminQuery(`create database ${dbName}`);
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(null);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${dbName} with (force)`);
  };
  try {
    for (let i = 0; i < count; i += 1) {
      const port = await freePort();
      const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['backend/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}`,
        },
        stdio: 'ignore',
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, child);
      urls.push(url);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, stop };
}
