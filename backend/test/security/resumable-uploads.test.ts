/**
 * The attacker's view of /storage/v1/upload/resumable: another user's upload URL answers 404 to
 * HEAD, PATCH and DELETE and stays intact; object names and upload ids cannot walk out of their
 * place; RLS refuses a folder that is not yours before a byte is sent; Upload-Length, the bucket's
 * size limit and the plan's storage are enforced, for deferred lengths too.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import {
  check,
  makeUser,
  newClient,
  storageDirForSuite,
  type StorageUser,
} from '../support/storage-fixtures.ts';
import { metadataHeader, tusRequest } from '../support/tus-helpers.ts';

jest.setTimeout(60_000);

const storage = storageDirForSuite();
const octets = { 'content-type': 'application/offset+octet-stream' };

describeEachDb(
  'resumable uploads under attack',
  ({ server }) => {
    let service: SupabaseClient;
    let alice: StorageUser;
    let mallory: StorageUser;
    const endpoint = () => `${server().url}/storage/v1/upload/resumable`;

    async function auth(user: StorageUser) {
      const token = (await user.client.auth.getSession()).data.session?.access_token ?? '';
      return { authorization: `Bearer ${token}`, apikey: server().anonKey };
    }

    async function create(user: StorageUser, meta: Record<string, string>, length: string) {
      const lengthHeader: Record<string, string> =
        length === 'defer' ? { 'upload-defer-length': '1' } : { 'upload-length': length };
      return tusRequest(endpoint(), 'POST', {
        ...(await auth(user)),
        ...lengthHeader,
        'upload-metadata': metadataHeader(meta),
      });
    }

    const own = (user: StorageUser, name: string) => ({
      bucketName: 'files',
      objectName: `${user.id}/${name}`,
      contentType: 'application/octet-stream',
    });

    async function created(user: StorageUser, name: string, length = '10') {
      const answer = await create(user, own(user, name), length);
      expect(answer.status).toBe(201);
      return new URL(answer.headers.get('location') ?? '', server().url).toString();
    }

    beforeAll(async () => {
      service = newClient(server(), server().serviceRoleKey);
      alice = await makeUser(server(), service, 'alice');
      mallory = await makeUser(server(), service, 'mallory');
    });

    test("another user's upload URL cannot be read, continued or deleted", async () => {
      const url = await created(alice, 'secret.bin');
      const as = await auth(mallory);
      expect((await tusRequest(url, 'HEAD', as)).status).toBe(404);
      const patch = { ...as, ...octets, 'upload-offset': '0' };
      expect((await tusRequest(url, 'PATCH', patch, Buffer.alloc(10, 1))).status).toBe(404);
      expect((await tusRequest(url, 'DELETE', as)).status).toBe(404);
      // Anonymous callers may not use the endpoint at all.
      const anon = { apikey: server().anonKey };
      expect((await tusRequest(url, 'HEAD', anon)).status).toBe(403);
      // Alice's upload is untouched and finishes.
      const mine = await auth(alice);
      const head = await tusRequest(url, 'HEAD', mine);
      expect(head.headers.get('upload-offset')).toBe('0');
      const done = await tusRequest(
        url,
        'PATCH',
        { ...mine, ...octets, 'upload-offset': '0' },
        Buffer.alloc(10, 2),
      );
      expect(done.status).toBe(204);
      const { data } = await alice.client.storage.from('files').list(alice.id);
      expect(data?.map((entry) => entry.name)).toContain('secret.bin');
    });

    test('object names and upload ids cannot leave their place', async () => {
      for (const objectName of [
        `${alice.id}/../../x.bin`,
        `../${alice.id}/x.bin`,
        `${alice.id}//x.bin`,
        `${alice.id}/x\\..\\y.bin`,
        `${alice.id}/%2e%2e/x.bin`,
      ]) {
        const answer = await create(alice, { ...own(alice, ''), objectName }, '1');
        expect([objectName, answer.status]).toEqual([objectName, 400]);
      }
      const badBucket = await create(
        alice,
        { ...own(alice, 'x.bin'), bucketName: '../files' },
        '1',
      );
      expect(badBucket.status).toBe(404);
      const as = await auth(alice);
      for (const id of ['..%2F..%2Fobjects', '..', 'not-a-uuid', '%2e%2e']) {
        const answer = await tusRequest(`${endpoint()}/${id}`, 'HEAD', as);
        expect([id, answer.status]).toEqual([id, 404]);
      }
      const staged = readdirSync(path.join(storage.dir, 'resumable'));
      expect(staged.every((name) => /^[0-9a-f-]{36}\.(bin|json)$/.test(name))).toBe(true);
    });

    test("RLS refuses a folder that is not the caller's before any byte is sent", async () => {
      const answer = await create(alice, own(mallory, 'planted.bin'), '4');
      expect(answer.status).toBe(403);
      const bucketWithoutInsert = await create(
        alice,
        { ...own(alice, 'x.png'), bucketName: 'avatars', objectName: `${mallory.id}/x.png` },
        '4',
      );
      expect(bucketWithoutInsert.status).toBe(403);
    });

    test('Upload-Length, offsets and content types are checked', async () => {
      const as = await auth(alice);
      const missing = await tusRequest(endpoint(), 'POST', {
        ...as,
        'upload-metadata': metadataHeader(own(alice, 'l.bin')),
      });
      expect(missing.status).toBe(400);
      expect((await create(alice, own(alice, 'neg.bin'), '-1')).status).toBe(400);
      expect((await create(alice, own(alice, 'huge.bin'), String(2 ** 40))).status).toBe(413);
      const noVersion = await fetch(endpoint(), { method: 'POST', headers: as });
      expect(noVersion.status).toBe(412);
      const url = await created(alice, 'checked.bin', '10');
      const at = (offset: string) => ({ ...as, ...octets, 'upload-offset': offset });
      expect((await tusRequest(url, 'PATCH', at('0'), Buffer.alloc(11))).status).toBe(413);
      expect((await tusRequest(url, 'PATCH', at('5'), Buffer.alloc(5))).status).toBe(409);
      const plain = { ...as, 'content-type': 'text/plain', 'upload-offset': '0' };
      expect((await tusRequest(url, 'PATCH', plain, Buffer.alloc(5))).status).toBe(415);
      const changed = { ...at('0'), 'upload-length': '20' };
      expect((await tusRequest(url, 'PATCH', changed, Buffer.alloc(5))).status).toBe(400);
      expect((await tusRequest(url, 'HEAD', as)).headers.get('upload-offset')).toBe('0');
    });

    test("the plan's storage bounds a declared and a deferred length alike", async () => {
      const limits = { monthly_applications: -1, bookings: -1, projects: -1, file_storage: 1 };
      check(await service.from('subscription_plans').update({ limits }).eq('type', 'free'), 'plan');
      try {
        const tooBig = await create(mallory, own(mallory, 'big.bin'), String(2 * 1024 * 1024));
        expect(tooBig.status).toBe(403);
        // Two unfinished uploads cannot together pass the plan either.
        await created(mallory, 'first.bin', String(700 * 1024));
        const second = await create(mallory, own(mallory, 'second.bin'), String(700 * 1024));
        expect(second.status).toBe(403);
        const url = new URL(
          (await create(mallory, own(mallory, 'grow.bin'), 'defer')).headers.get('location') ?? '',
          server().url,
        ).toString();
        const grow = { ...(await auth(mallory)), ...octets, 'upload-offset': '0' };
        const over = await tusRequest(url, 'PATCH', grow, Buffer.alloc(600 * 1024));
        expect(over.status).toBe(403);
      } finally {
        const free = { monthly_applications: 10, bookings: 20, projects: 5, file_storage: 500 };
        await service.from('subscription_plans').update({ limits: free }).eq('type', 'free');
      }
    });
  },
  { env: { STORAGE_DIR: storage.dir } },
);
