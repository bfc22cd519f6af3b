/**
 * Who may touch which object, decided by RLS on storage.objects as each caller: private files
 * denied to others until a public.files row shares them, call recordings for the two parties of
 * the appointment only, the plan's file_storage limit, and an upload cut off mid-body leaving
 * neither a row nor bytes behind.
 */
import http from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import {
  check,
  makeUser,
  must,
  newClient,
  statusOf,
  storageDirForSuite,
  type StorageUser,
} from '../support/storage-fixtures.ts';

jest.setTimeout(60_000);

const storage = storageDirForSuite();

/** Sends the headers and part of a declared body, then drops the connection. */
async function dropMidUpload(url: string, token: string, anonKey: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        apikey: anonKey,
        'content-type': 'text/plain',
        'content-length': String(1_000_000),
      },
    });
    request.on('error', () => resolve());
    request.write(Buffer.alloc(200_000, 1));
    setTimeout(() => {
      request.destroy();
      resolve();
    }, 200);
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
}

describeEachDb(
  'storage access',
  ({ server }) => {
    let service: SupabaseClient;
    let alice: StorageUser;
    let bob: StorageUser;
    let carol: StorageUser;

    beforeAll(async () => {
      service = newClient(server(), server().serviceRoleKey);
      alice = await makeUser(server(), service, 'alice', { selected_plan: 'pro' });
      bob = await makeUser(server(), service, 'bob', { account_type: 'business' });
      carol = await makeUser(server(), service, 'carol');
    });

    test('a private file is denied to another user until the owner shares it', async () => {
      const path = `${alice.id}/contract.pdf`;
      const upload = await alice.client.storage
        .from('files')
        .upload(path, Buffer.from('%PDF'), { contentType: 'application/pdf' });
      must(upload, 'upload');
      expect(statusOf(await bob.client.storage.from('files').download(path))).toBe(404);
      expect(statusOf(await bob.client.storage.from('files').createSignedUrl(path, 60))).toBe(404);
      // Files are shared only with conversation partners.
      check(
        await service
          .from('conversations')
          .insert({ participant_1: alice.id, participant_2: bob.id }),
        'conversation',
      );
      const row = {
        bucket: 'files',
        storage_path: path,
        name: 'contract.pdf',
        shared_with: [bob.id],
      };
      check(await alice.client.from('files').insert(row), 'share');
      const shared = must(await bob.client.storage.from('files').download(path), 'shared');
      expect(await shared.text()).toBe('%PDF');
      expect(statusOf(await carol.client.storage.from('files').download(path))).toBe(404);
      // Sharing lets bob read, never write or delete.
      const overwrite = await bob.client.storage
        .from('files')
        .upload(path, Buffer.from('x'), { upsert: true, contentType: 'application/pdf' });
      expect(statusOf(overwrite)).toBe(403);
      expect(must(await bob.client.storage.from('files').remove([path]), 'remove')).toEqual([]);
      const intoAlice = await bob.client.storage
        .from('files')
        .upload(`${alice.id}/x.txt`, Buffer.from('x'));
      expect(statusOf(intoAlice)).toBe(403);
    });

    test('call recordings are for the two parties of the appointment only', async () => {
      const appointment = must(
        await service
          .from('appointments')
          .insert({
            business_id: bob.id,
            professional_id: alice.id,
            created_by: bob.id,
            title: 'Intro call',
            starts_at: '2030-01-01T10:00:00Z',
            ends_at: '2030-01-01T11:00:00Z',
          })
          .select('id')
          .single(),
        'appointment',
      );
      const path = `${appointment.id}/call.webm`;
      const recordings = (user: StorageUser) => user.client.storage.from('call-recordings');
      must(
        await recordings(bob).upload(path, Buffer.from('webm'), { contentType: 'audio/webm' }),
        'up',
      );
      expect(await must(await recordings(alice).download(path), 'alice').text()).toBe('webm');
      expect(statusOf(await recordings(carol).download(path))).toBe(404);
      const intrude = await recordings(carol).upload(
        `${appointment.id}/mine.webm`,
        Buffer.from('w'),
        {
          contentType: 'audio/webm',
        },
      );
      expect(statusOf(intrude)).toBe(403);
      expect(must(await recordings(carol).list(appointment.id), 'list')).toEqual([]);
    });

    test("the plan's file_storage limit refuses an upload that would not fit", async () => {
      const limits = { monthly_applications: -1, bookings: -1, projects: -1, file_storage: 1 };
      check(await service.from('subscription_plans').update({ limits }).eq('type', 'pro'), 'plan');
      const files = alice.client.storage.from('files');
      const part = { contentType: 'application/octet-stream' };
      must(await files.upload(`${alice.id}/q1.bin`, Buffer.alloc(600 * 1024), part), 'first');
      const before = storage.files().length;
      const over = await files.upload(`${alice.id}/q2.bin`, Buffer.alloc(600 * 1024), part);
      expect(statusOf(over)).toBe(403);
      expect(over.error?.message).toMatch(/1 MB of file storage/);
      expect(storage.files()).toHaveLength(before);
      // Replacing the same object counts its new size only; free users keep their 500 MB.
      must(
        await files.upload(`${alice.id}/q1.bin`, Buffer.alloc(900 * 1024), {
          ...part,
          upsert: true,
        }),
        'replace',
      );
      const carolFiles = carol.client.storage.from('files');
      must(
        await carolFiles.upload(`${carol.id}/big.bin`, Buffer.alloc(2 * 1024 * 1024), part),
        'free',
      );
    });

    test('a connection dropped mid-upload leaves no object row and no file', async () => {
      const before = storage.files().length;
      const token = (await alice.client.auth.getSession()).data.session?.access_token ?? '';
      const url = `${server().url}/storage/v1/object/files/${alice.id}/dropped.txt`;
      await dropMidUpload(url, token, server().anonKey);
      const listed = must(await service.storage.from('files').list(alice.id), 'list');
      expect(listed.map((entry) => entry.name)).not.toContain('dropped.txt');
      expect(storage.files()).toHaveLength(before);
      expect(storage.leftovers()).toEqual([]);
      // The server is still serving.
      must(
        await alice.client.storage.from('files').upload(`${alice.id}/after.txt`, Buffer.from('ok')),
        'after',
      );
    });
  },
  { env: { STORAGE_DIR: storage.dir } },
);
