/**
 * A resumable upload outlives the backend: half a file is sent, the server is stopped and started
 * again on the same data and port, and tus-js-client goes on from the stored upload URL (HEAD,
 * then the remaining chunks). PGlite only: what has to survive is the server's staging area on
 * disk, which is the same whichever database holds the rows.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBackend, type RunningBackend } from '../../launcher/launch-backend.cjs';
import { createSignedInUser, newClient } from '../support/fixtures-rls-world.ts';
import { copyMigratedTemplate } from '../support/pglite-template.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../support/test-server.ts';
import { must } from '../support/storage-fixtures.ts';
import { runUpload, tusOptions, uploadPartly } from '../support/tus-helpers.ts';

jest.setTimeout(180_000);

describe('resumable uploads across a backend restart [pglite]', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-tus-restart-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  let backend: RunningBackend | undefined;

  beforeAll(async () => {
    await copyMigratedTemplate(dataDir, env, undefined);
    backend = await launchBackend({ env });
  }, 180_000);

  afterAll(async () => {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the upload goes on from where it was once the server is back', async () => {
    const first = backend!;
    const server = { url: first.url, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY };
    const service = newClient(server, SERVICE_ROLE_KEY);
    const email = `restart-${randomUUID().slice(0, 8)}@example.com`;
    const alice = await createSignedInUser(server, service, email, {
      name: 'alice',
      account_type: 'professional',
      selected_plan: 'pro',
    });
    const token = (await alice.client.auth.getSession()).data.session?.access_token ?? '';
    const bytes = randomBytes(6 * 1024 * 1024 + 5);
    const name = `${alice.id}/restart.bin`;
    const file = { bucket: 'files', name, contentType: 'application/octet-stream' };
    const uploadUrl = await uploadPartly(bytes, tusOptions(server, token, file), 3 * 1024 * 1024);

    await first.stop();
    backend = await launchBackend({ env, port: first.port });

    let resumedFrom = -1;
    await runUpload(
      bytes,
      tusOptions(server, token, file, {
        uploadUrl,
        onChunkComplete: (chunk, accepted) => {
          if (resumedFrom < 0) resumedFrom = accepted - chunk;
        },
      }),
    );
    expect(resumedFrom).toBeGreaterThanOrEqual(3 * 1024 * 1024);
    const blob = must(await alice.client.storage.from('files').download(name), 'download');
    expect(Buffer.from(await blob.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
