/**
 * Resumable (TUS) uploads with tus-js-client against the real backend: a file in chunks becomes
 * an object readable through supabase-js, a recording streamed with its length deferred, a
 * connection dropped mid-chunk resumes from the server's offset, and an upload the client gave
 * up on is gone once it expires.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb, type TestServer } from '../support/test-server.ts';
import {
  makeUser,
  must,
  newClient,
  storageDirForSuite,
  type StorageUser,
} from '../support/storage-fixtures.ts';
import {
  droppingProxy,
  runUpload,
  tusOptions,
  tusRequest,
  uploadPartly,
} from '../support/tus-helpers.ts';

jest.setTimeout(60_000);

const storage = storageDirForSuite();
const staged = () => {
  try {
    return readdirSync(path.join(storage.dir, 'resumable'));
  } catch {
    return [];
  }
};

async function tokenOf(user: StorageUser): Promise<string> {
  return (await user.client.auth.getSession()).data.session?.access_token ?? '';
}

async function downloaded(user: StorageUser, bucket: string, name: string): Promise<Buffer> {
  const blob = must(await user.client.storage.from(bucket).download(name), 'download');
  return Buffer.from(await blob.arrayBuffer());
}

describeEachDb(
  'resumable uploads',
  ({ server }) => {
    let service: SupabaseClient;
    let alice: StorageUser;

    beforeAll(async () => {
      service = newClient(server(), server().serviceRoleKey);
      alice = await makeUser(server(), service, 'alice', { selected_plan: 'pro' });
    });

    test('a file sent in chunks becomes an object, and its parts are gone', async () => {
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      const name = `${alice.id}/big.bin`;
      const file = { bucket: 'files', name, contentType: 'application/octet-stream' };
      await runUpload(bytes, tusOptions(server(), await tokenOf(alice), file));
      expect((await downloaded(alice, 'files', name)).equals(bytes)).toBe(true);
      const info = must(await alice.client.storage.from('files').info(name), 'info');
      expect(info.size).toBe(bytes.length);
      expect(staged().filter((entry) => entry.endsWith('.bin'))).toEqual([]);
    });

    test('a recording streamed with its length deferred is stored whole', async () => {
      const chunks = Array.from({ length: 6 }, () => randomBytes(300 * 1024));
      const name = `${alice.id}/streamed.bin`;
      const file = { bucket: 'files', name, contentType: 'application/octet-stream' };
      const options = tusOptions(server(), await tokenOf(alice), file, {
        uploadLengthDeferred: true,
        chunkSize: 512 * 1024,
      });
      await runUpload(Readable.from(chunks) as unknown as Buffer, options);
      expect((await downloaded(alice, 'files', name)).equals(Buffer.concat(chunks))).toBe(true);
    });

    test('a connection dropped mid-chunk resumes from the offset the server holds', async () => {
      const proxy = await droppingProxy(server().url, 2);
      try {
        const bytes = randomBytes(4 * 1024 * 1024);
        const name = `${alice.id}/dropped.bin`;
        const file = { bucket: 'files', name, contentType: 'application/octet-stream' };
        const target = { url: proxy.url, anonKey: server().anonKey };
        await runUpload(bytes, tusOptions(target, await tokenOf(alice), file));
        expect((await downloaded(alice, 'files', name)).equals(bytes)).toBe(true);
        // After the drop the client asked where to go on from, then sent the rest.
        const afterDrop = proxy.seen.slice(proxy.seen.findIndex((r) => r.startsWith('PATCH')) + 1);
        expect(afterDrop.some((request) => request.startsWith('HEAD'))).toBe(true);
      } finally {
        await proxy.close();
      }
    });

    test('an upload given up on is removed when it expires', async () => {
      const name = `${alice.id}/abandoned.bin`;
      const file = { bucket: 'files', name, contentType: 'application/octet-stream' };
      const options = tusOptions(server(), await tokenOf(alice), file);
      const url = await uploadPartly(randomBytes(3 * 1024 * 1024), options, 1024 * 1024);
      const id = url.split('/').pop() ?? '';
      expect(staged()).toContain(`${id}.bin`);
      // STORAGE_RESUMABLE_EXPIRY_SECONDS=3 for this suite; the sweep runs every 1.5 s.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(staged().filter((entry) => entry.startsWith(id))).toEqual([]);
      const head = await tusRequest(url, 'HEAD', {
        authorization: `Bearer ${await tokenOf(alice)}`,
        apikey: server().anonKey,
      });
      expect(head.status).toBe(404);
      const listed = must(await alice.client.storage.from('files').list(alice.id), 'list');
      expect(listed.map((entry) => entry.name)).not.toContain('abandoned.bin');
    });
  },
  { env: { STORAGE_DIR: storage.dir, STORAGE_RESUMABLE_EXPIRY_SECONDS: '3' } },
);

export type { TestServer };
