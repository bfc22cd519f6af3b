/**
 * Demo: two supabase-js clients against a fresh server. Alice uploads a file, lists her folder,
 * signs a URL and downloads it; Bob is refused until Alice shares the file through public.files,
 * then reads it too.
 * Run from the repo root: node_modules/.bin/tsx bench/storage-demo.ts
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../backend/test/support/test-server.ts';

type Transport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];
const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as Transport },
};

async function signedIn(server: TestServer, name: string) {
  const admin = createClient(server.url, server.serviceRoleKey, options);
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Demo-passw0rd';
  const user_metadata = { name, account_type: 'professional' };
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata,
  });
  if (created.error) throw new Error(created.error.message);
  const client = createClient(server.url, server.anonKey, options);
  const session = await client.auth.signInWithPassword({ email, password });
  if (session.error) throw new Error(session.error.message);
  return { client, id: created.data.user.id };
}

const show = (step: string, value: unknown) =>
  console.log(`${step.padEnd(28)} ${JSON.stringify(value)}`);

const server = await startTestServer({ db: 'pglite' });
try {
  const alice = await signedIn(server, 'alice');
  const bob = await signedIn(server, 'bob');
  const path = `${alice.id}/proposal.pdf`;
  const aliceFiles = alice.client.storage.from('files');
  const bobFiles = bob.client.storage.from('files');
  const upload = await aliceFiles.upload(path, Buffer.from('%PDF-1.4 demo'), {
    contentType: 'application/pdf',
  });
  show('alice uploads', upload.data ?? upload.error?.message);
  const listed = await aliceFiles.list(alice.id);
  show(
    'alice lists her folder',
    listed.data?.map((entry) => entry.name),
  );
  const signed = await aliceFiles.createSignedUrl(path, 60);
  const viaUrl = await fetch(signed.data?.signedUrl ?? '');
  show('signed URL (no key) serves', await viaUrl.text());
  const mine = await aliceFiles.download(path);
  show('alice downloads', await mine.data?.text());
  const before = await bobFiles.download(path);
  show('bob before sharing', before.error?.message ?? 'READ (unexpected)');
  // Files are shared only with conversation partners: alice starts one with bob first.
  const conversation = await alice.client
    .from('conversations')
    .insert({ participant_1: alice.id, participant_2: bob.id });
  show('alice starts a conversation with bob', conversation.error?.message ?? 'started');
  const row = { bucket: 'files', storage_path: path, name: 'proposal.pdf', shared_with: [bob.id] };
  const share = await alice.client.from('files').insert(row);
  show('alice shares with bob', share.error?.message ?? 'shared');
  const after = await bobFiles.download(path);
  show('bob after sharing', (await after.data?.text()) ?? after.error?.message);
} finally {
  await server.stop();
}
