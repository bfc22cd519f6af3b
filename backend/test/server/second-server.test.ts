import { launchBackend } from '../../launcher/launch-backend.cjs';
import { startTestServer, type TestServer } from '../support/test-server.ts';

describe('server on a PGlite data directory', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    server = await startTestServer({ db: 'pglite' });
    dataDir = server.dataDir;
  }, 120_000);
  afterAll(() => server.stop());

  test('a second server on the same data directory exits at once with a clear message', async () => {
    const second = launchBackend({
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      readyTimeoutMs: 30_000,
    });
    await expect(second).rejects.toThrow(
      /exit 1\) before it was ready[\s\S]*is in use by another server/,
    );
  }, 40_000);

  test('health answers with the database kind', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(await response.json()).toEqual({ status: 'ok', db: 'pglite' });
  });
});
