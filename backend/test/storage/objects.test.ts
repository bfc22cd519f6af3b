/**
 * /storage/v1 through supabase-js's storage client as a signed-in user: uploads as Blob,
 * FormData and Buffer, upsert, download, list, move, copy, remove, signed URLs that expire,
 * public avatar URLs without auth, bucket size limits and MIME allow lists.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import {
  makeUser,
  must,
  newClient,
  pngBytes,
  statusOf,
  storageDirForSuite,
  type StorageUser,
} from '../support/storage-fixtures.ts';

jest.setTimeout(60_000);

const storage = storageDirForSuite();

describeEachDb(
  'storage objects',
  ({ server }) => {
    let user: StorageUser;
    let files: ReturnType<SupabaseClient['storage']['from']>;
    const key = (name: string) => `${user.id}/${name}`;

    beforeAll(async () => {
      const service = newClient(server(), server().serviceRoleKey);
      user = await makeUser(server(), service, 'owner');
      files = user.client.storage.from('files');
    });

    test('uploads a Blob, FormData and a Buffer and downloads each', async () => {
      const blob = must(await files.upload(key('blob.txt'), new Blob(['from a blob'])), 'blob');
      expect(blob.fullPath).toBe(`files/${key('blob.txt')}`);
      const form = new FormData();
      form.append('', new Blob(['from a form'], { type: 'text/plain' }), 'form.txt');
      must(await files.upload(key('form.txt'), form), 'form');
      must(
        await files.upload(key('buffer.pdf'), Buffer.from('%PDF-1.4'), {
          contentType: 'application/pdf',
        }),
        'buffer',
      );
      expect(await must(await files.download(key('blob.txt')), 'get').text()).toBe('from a blob');
      expect(await must(await files.download(key('form.txt')), 'get').text()).toBe('from a form');
      const pdf = must(await files.download(key('buffer.pdf')), 'get');
      expect(pdf.type).toBe('application/pdf');
      expect(await pdf.text()).toBe('%PDF-1.4');
    });

    test('a second upload is a 409 Duplicate unless upsert is set', async () => {
      must(await files.upload(key('same.txt'), Buffer.from('one')), 'first');
      const again = await files.upload(key('same.txt'), Buffer.from('two'));
      expect(statusOf(again)).toBe(409);
      expect(again.error?.message).toBe('The resource already exists');
      must(await files.upload(key('same.txt'), Buffer.from('three'), { upsert: true }), 'upsert');
      expect(await must(await files.download(key('same.txt')), 'get').text()).toBe('three');
    });

    test('lists a folder with prefix, limit, offset, sortBy and search', async () => {
      for (const name of ['list/b.txt', 'list/a.txt', 'list/c.txt', 'list/sub/d.txt'])
        must(await files.upload(key(name), Buffer.from(name)), name);
      const all = must(await files.list(key('list')), 'list');
      expect(all.map((entry) => entry.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'sub']);
      expect(all.find((entry) => entry.name === 'sub')?.id).toBeNull();
      const page = must(
        await files.list(key('list'), {
          limit: 2,
          offset: 1,
          sortBy: { column: 'name', order: 'desc' },
        }),
        'page',
      );
      expect(page.map((entry) => entry.name)).toEqual(['c.txt', 'b.txt']);
      const found = must(await files.list(key('list'), { search: 'b' }), 'search');
      expect(found.map((entry) => entry.name)).toEqual(['b.txt']);
    });

    test('moves, copies and removes', async () => {
      must(await files.upload(key('move-me.txt'), Buffer.from('moving')), 'upload');
      must(await files.move(key('move-me.txt'), key('moved.txt')), 'move');
      expect(statusOf(await files.download(key('move-me.txt')))).toBe(404);
      must(await files.copy(key('moved.txt'), key('copied.txt')), 'copy');
      const intoAvatars = await files.move(key('moved.txt'), key('moved.png'), {
        destinationBucket: 'avatars',
      });
      expect(statusOf(intoAvatars)).toBe(415);
      expect(await must(await files.download(key('copied.txt')), 'get').text()).toBe('moving');
      const removed = must(await files.remove([key('moved.txt'), key('copied.txt')]), 'remove');
      expect(removed).toHaveLength(2);
      expect(statusOf(await files.download(key('copied.txt')))).toBe(404);
    });

    test('a signed URL serves the file without auth, then expires', async () => {
      must(await files.upload(key('signed.txt'), Buffer.from('signed')), 'upload');
      const { signedUrl } = must(await files.createSignedUrl(key('signed.txt'), 2), 'sign');
      const first = await fetch(signedUrl);
      expect(first.status).toBe(200);
      expect(await first.text()).toBe('signed');
      // Whole seconds: a 2 s token lives at least 1 s and is surely dead 3 s later.
      await new Promise((resolve) => setTimeout(resolve, 3100));
      const expired = await fetch(signedUrl);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
    });

    test('signs several paths at once and can ask for an attachment', async () => {
      must(await files.upload(key('many-1.txt'), Buffer.from('one')), 'upload');
      const urls = must(
        await files.createSignedUrls([key('many-1.txt'), key('missing.txt')], 60, {
          download: true,
        }),
        'sign many',
      );
      expect(urls[0].error).toBeNull();
      expect(urls[1].signedUrl).toBeNull();
      const response = await fetch(urls[0].signedUrl ?? '');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="many-1.txt"/,
      );
      expect(await response.text()).toBe('one');
    });

    test('buckets are managed by the service role only', async () => {
      const service = newClient(server(), server().serviceRoleKey).storage;
      must(
        await service.createBucket('scratch', { public: false, fileSizeLimit: '1MB' }),
        'create',
      );
      expect(must(await service.getBucket('scratch'), 'get').file_size_limit).toBe(1024 * 1024);
      must(
        await service.updateBucket('scratch', { public: true, allowedMimeTypes: ['text/*'] }),
        'update',
      );
      must(await service.from('scratch').upload('note.txt', Buffer.from('hi')), 'upload');
      expect(statusOf(await service.deleteBucket('scratch'))).toBe(409);
      must(await service.emptyBucket('scratch'), 'empty');
      must(await service.deleteBucket('scratch'), 'delete');
      expect(statusOf(await user.client.storage.createBucket('mine'))).toBe(403);
      expect(statusOf(await user.client.storage.listBuckets())).toBe(403);
    });

    test("a signed upload URL lets its holder upload once into the signer's folder", async () => {
      const { token, path } = must(await files.createSignedUploadUrl(key('via-token.txt')), 'sign');
      const anon = newClient(server(), server().anonKey).storage.from('files');
      must(await anon.uploadToSignedUrl(path, token, Buffer.from('by token')), 'upload');
      expect(await must(await files.download(key('via-token.txt')), 'get').text()).toBe('by token');
      const again = await anon.uploadToSignedUrl(path, token, Buffer.from('again'));
      expect(statusOf(again)).toBe(409);
      const elsewhere = await files.createSignedUploadUrl(`not-mine/${user.id}.txt`);
      expect(statusOf(elsewhere)).toBe(403);
    });

    test('an avatar is public: its public URL works without any key', async () => {
      const avatars = user.client.storage.from('avatars');
      must(await avatars.upload(key('me.png'), pngBytes(1000), { contentType: 'image/png' }), 'up');
      const { publicUrl } = avatars.getPublicUrl(key('me.png')).data;
      const response = await fetch(publicUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await response.arrayBuffer()).length).toBe(1000);
      const privateUrl = files.getPublicUrl(key('signed.txt')).data.publicUrl;
      expect((await fetch(privateUrl)).status).toBe(404);
    });

    test('bucket limits: 413 over the size limit, 415 outside the MIME allow list', async () => {
      const avatars = user.client.storage.from('avatars');
      const big = await avatars.upload(key('big.png'), pngBytes(2 * 1024 * 1024 + 1), {
        contentType: 'image/png',
      });
      expect(statusOf(big)).toBe(413);
      const text = await avatars.upload(key('note.txt'), Buffer.from('not a picture'));
      expect(statusOf(text)).toBe(415);
      const exe = await files.upload(key('tool.exe'), Buffer.from('MZ'), {
        contentType: 'application/x-msdownload',
      });
      expect(statusOf(exe)).toBe(415);
      expect(storage.leftovers()).toEqual([]);
    });
  },
  { env: { STORAGE_DIR: storage.dir } },
);
