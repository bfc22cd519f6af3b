import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const repoRoot = path.resolve(__dirname, '../../..');

describe('server on a PGlite data directory', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    server = await startTestServer({ db: 'pglite' });
    dataDir = server.dataDir;
  }, 120_000);
  afterAll(() => server.stop());

  test('a second server on the same data directory exits at once with a clear message', () => {
    const second = spawnSync(
      path.join(repoRoot, 'node_modules/.bin/tsx'),
      ['backend/src/main.ts'],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/is in use by another server/);
  });

  test('health answers with the database kind', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(await response.json()).toEqual({ status: 'ok', db: 'pglite' });
  });
});
