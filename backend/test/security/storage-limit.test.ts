/**
 * The plan's file_storage limit as an attacker would try it, with the storage server's own early
 * check switched off (STORAGE_QUOTA_PRECHECK=off), as on hosted Supabase whose storage service
 * knows nothing of our plans: the trigger on storage.objects alone must refuse. Tried: one upload
 * too many, many uploads at once, a replacement or copy that grows, metadata claiming a size of
 * nothing, a signed upload URL made while there was room, uploading where someone else's folder
 * or a shared conversation folder is, and (PostgreSQL, as the authenticated role straight in the
 * database) rewriting an object's size or owner.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import {
  check,
  makeUser,
  must,
  newClient,
  pngBytes,
  statusOf,
  storageDirForSuite,
  type StorageUser,
} from '../support/storage-fixtures.ts';

jest.setTimeout(90_000);

const storage = storageDirForSuite();
const KB = 1024;
const octet = { contentType: 'application/octet-stream' };

describeEachDb(
  'security: the file_storage limit held by the database',
  ({ kind, server }) => {
    let service: SupabaseClient;
    let alice: StorageUser;
    let bob: StorageUser;

    /** Bytes alice's objects add up to, as the database records them. */
    async function aliceUses(): Promise<number> {
      const { data, error } = await alice.client.rpc('my_storage_usage');
      if (error) throw new Error(error.message);
      return Number((data as { used_bytes: number }[])[0].used_bytes);
    }

    async function emptyAlice() {
      for (const bucket of ['files', 'message-attachments']) {
        const { data } = await service.storage.from(bucket).list(alice.id);
        const names = (data ?? []).map((entry) => `${alice.id}/${entry.name}`);
        if (names.length) must(await service.storage.from(bucket).remove(names), 'empty');
      }
      const { data } = await alice.client.rpc('my_storage_usage');
      const used = Number((data as { used_bytes: number }[] | null)?.[0]?.used_bytes ?? 0);
      if (used !== 0) {
        // objects elsewhere (conversation folders): remove them by owner as the service
        const client = kind === 'postgres' ? await sql() : undefined;
        if (!client) throw new Error(`alice still uses ${used} bytes`);
        await client.query('delete from storage.objects where owner_id = $1', [alice.id]);
        await client.end();
      }
    }

    async function sql(): Promise<pg.Client> {
      const client = new pg.Client({ connectionString: server().databaseUrl });
      await client.connect();
      return client;
    }

    beforeAll(async () => {
      service = newClient(server(), server().serviceRoleKey);
      alice = await makeUser(server(), service, 'alice', { selected_plan: 'pro' });
      bob = await makeUser(server(), service, 'bob');
      // pro gets 1 MB here, so a few hundred kilobytes reach it
      const limits = { monthly_applications: -1, bookings: -1, projects: -1, file_storage: 1 };
      check(await service.from('subscription_plans').update({ limits }).eq('type', 'pro'), 'plan');
    });

    beforeEach(async () => {
      await emptyAlice();
    });

    test('one upload too many is refused by the database, with the reason and no bytes kept', async () => {
      const files = alice.client.storage.from('files');
      must(await files.upload(`${alice.id}/a.bin`, Buffer.alloc(600 * KB), octet), 'first');
      const before = storage.files().length;
      const over = await files.upload(`${alice.id}/b.bin`, Buffer.alloc(600 * KB), octet);
      expect(statusOf(over)).toBe(403);
      expect(over.error?.message).toBe(
        'Your plan includes 1 MB of file storage and 0.6 MB is in use; this upload of 0.6 MB does not fit',
      );
      expect(storage.files()).toHaveLength(before);
      expect(await aliceUses()).toBe(600 * KB);
    });

    test('uploads sent all at once cannot slip under the limit together', async () => {
      const files = alice.client.storage.from('files');
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          files.upload(`${alice.id}/p${index}.bin`, Buffer.alloc(300 * KB), octet),
        ),
      );
      const stored = results.filter((result) => !result.error);
      expect(stored).toHaveLength(3); // 3 x 300 KB fit in 1 MB, a fourth does not
      expect(results.filter((result) => statusOf(result) === 403)).toHaveLength(3);
      expect(await aliceUses()).toBe(900 * KB);
    });

    test('a replacement or a copy that grows counts; a size claimed in metadata does not', async () => {
      const files = alice.client.storage.from('files');
      // user metadata is the uploader's to write; the size the limit counts is the server's
      must(
        await files.upload(`${alice.id}/m.bin`, Buffer.alloc(700 * KB), {
          ...octet,
          metadata: { size: 0 },
        }),
        'claimed',
      );
      expect(await aliceUses()).toBe(700 * KB);
      const grow = await files.upload(`${alice.id}/m.bin`, Buffer.alloc(1100 * KB), {
        ...octet,
        upsert: true,
      });
      expect(statusOf(grow)).toBe(403);
      const copy = await files.copy(`${alice.id}/m.bin`, `${alice.id}/m-copy.bin`);
      expect(statusOf(copy)).toBe(403);
      // shrinking, and moving, are never refused
      must(
        await files.upload(`${alice.id}/m.bin`, Buffer.alloc(100 * KB), { ...octet, upsert: true }),
        'shrink',
      );
      must(await files.move(`${alice.id}/m.bin`, `${alice.id}/moved.bin`), 'move');
      expect(await aliceUses()).toBe(100 * KB);
    });

    test('a signed upload URL made while there was room is refused once there is none', async () => {
      const files = alice.client.storage.from('files');
      const signed = must(await files.createSignedUploadUrl(`${alice.id}/later.bin`), 'sign');
      must(await files.upload(`${alice.id}/fill.bin`, Buffer.alloc(900 * KB), octet), 'fill');
      const late = await newClient(server(), server().anonKey)
        .storage.from('files')
        .uploadToSignedUrl(signed.path, signed.token, Buffer.alloc(300 * KB), octet);
      expect(statusOf(late)).toBe(403);
      expect(await aliceUses()).toBe(900 * KB);
    });

    test("uploading into someone else's folder or a shared conversation still counts as yours", async () => {
      must(
        await alice.client.storage
          .from('files')
          .upload(`${alice.id}/fill.bin`, Buffer.alloc(900 * KB), octet),
        'fill',
      );
      // bob's folder: the bucket's rules refuse it outright, and bob's usage is untouched
      const intrude = await alice.client.storage
        .from('files')
        .upload(`${bob.id}/gift.bin`, Buffer.alloc(50 * KB), octet);
      expect(statusOf(intrude)).toBe(403);
      // a conversation folder both may write to: the object is alice's, so her limit applies
      const conversation = must(
        await service
          .from('conversations')
          .insert({ participant_1: alice.id, participant_2: bob.id })
          .select('id')
          .single(),
        'conversation',
      ) as { id: string };
      const attachments = alice.client.storage.from('message-attachments');
      const shared = await attachments.upload(
        `${conversation.id}/${alice.id}/${randomUUID()}.png`,
        pngBytes(300 * KB),
        { contentType: 'image/png' },
      );
      expect(statusOf(shared)).toBe(403);
      must(
        await attachments.upload(
          `${conversation.id}/${alice.id}/${randomUUID()}.png`,
          pngBytes(100 * KB),
          { contentType: 'image/png' },
        ),
        'fits',
      );
      expect(await aliceUses()).toBe(1000 * KB);
      check(await service.from('conversations').delete().eq('id', conversation.id), 'tidy');
      if (kind === 'postgres') {
        const client = await sql();
        await client.query(`delete from storage.objects where bucket_id = 'message-attachments'`);
        await client.end();
      }
    });

    const onPostgres = kind === 'postgres' ? test : test.skip;
    onPostgres(
      'as the authenticated role in the database: no rewriting a size or an owner',
      async () => {
        must(
          await alice.client.storage
            .from('files')
            .upload(`${alice.id}/real.bin`, Buffer.alloc(900 * KB), octet),
          'real',
        );
        const client = await sql();
        const asAlice = async (statement: string) => {
          await client.query('begin');
          try {
            await client.query(
              `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
              [JSON.stringify({ sub: alice.id, role: 'authenticated' })],
            );
            await client.query(statement, [alice.id, bob.id]);
            return 'ok';
          } catch (error) {
            return (error as { code?: string; message: string }).code ?? 'error';
          } finally {
            await client.query('rollback');
          }
        };
        try {
          const shrink = `update storage.objects set metadata = metadata || '{"size": 1}'
            where owner_id = $1::text and $2::text is not null`;
          expect(await asAlice(shrink)).toBe('42501');
          const handOver = `update storage.objects set owner_id = $2::text, owner = $2::uuid
            where owner_id = $1::text`;
          expect(await asAlice(handOver)).toBe('42501');
          const inBobsName = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
            values ('files', $1::text || '/forged.bin', $2::uuid, $2::text, '{"size": 10}', 'v1')`;
          expect(await asAlice(inBobsName)).toBe('42501');
        } finally {
          await client.end();
        }
        expect(await aliceUses()).toBe(900 * KB);
      },
    );
  },
  { env: { STORAGE_QUOTA_PRECHECK: 'off' } },
);
