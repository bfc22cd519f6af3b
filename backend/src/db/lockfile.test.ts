import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock } from './lockfile.ts';

describe('data directory lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'promatch-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('a second holder fails fast with a clear message; release frees it', () => {
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8')).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(/is in use by another server \(pid \d+\)/);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  test('a stale lock left by a dead process is taken over', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    writeFileSync(path.join(dir, 'server.lock'), String(dead));
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
