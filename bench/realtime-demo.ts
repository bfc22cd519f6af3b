/**
 * Demo: two supabase-js clients against a fresh server on PGlite.
 * - A row inserted by one arrives at the other, timed.
 * - Presence joins and leaves.
 * - A private broadcast channel refuses a third user.
 *
 * Run from the repo root:
 *   node_modules/.bin/tsx bench/realtime-demo.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  converse,
  Inbox,
  makeUsers,
  subscribe,
  closeClient,
} from '../backend/test/support/realtime-helpers.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../backend/test/support/test-server.ts';
import { launchBackend } from '../backend/launcher/launch-backend.cjs';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-rt-demo-'));
const server = await launchBackend({
  env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO_PROFESSIONALS: '0' },
  forward: 'stderr',
});
try {
  const info = { url: server.url, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY };
  const [alice, bob, carol] = await makeUsers(info, 3);
  if (!alice || !bob || !carol) throw new Error('users not created');
  const conversation = await converse(alice, bob);

  const arrived = new Inbox<{ new: Record<string, unknown> }>();
  const feed = bob.client
    .channel('demo-messages')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, arrived.push);
  console.log('bob subscribes to messages:', (await subscribe(feed)).status);
  const sent = Date.now();
  await alice.client.from('messages').insert({ conversation_id: conversation, content: 'Hi Bob' });
  await arrived.waitFor((items) => items.length === 1);
  console.log(
    `alice's message reached bob in ${Date.now() - sent} ms:`,
    arrived.items[0]?.new.content,
  );

  const joins = new Inbox<{ key: string }>();
  const leaves = new Inbox<{ key: string }>();
  const lobby = bob.client
    .channel('demo-lobby', { config: { presence: { key: 'bob' } } })
    .on('presence', { event: 'join' }, joins.push)
    .on('presence', { event: 'leave' }, leaves.push);
  await subscribe(lobby);
  const aliceLobby = alice.client.channel('demo-lobby', { config: { presence: { key: 'alice' } } });
  await subscribe(aliceLobby);
  await aliceLobby.track({ status: 'online' });
  await joins.waitFor((items) => items.some((item) => item.key === 'alice'));
  console.log('bob sees presence:', JSON.stringify(lobby.presenceState()));
  await aliceLobby.untrack();
  await leaves.waitFor((items) => items.some((item) => item.key === 'alice'));
  console.log('bob saw alice leave');

  const topic = `conversation:${conversation}`;
  for (const [name, user] of [
    ['alice', alice],
    ['bob', bob],
    ['carol', carol],
  ] as const) {
    const result = await subscribe(user.client.channel(topic, { config: { private: true } }));
    console.log(`${name} joins private ${topic}: ${result.status}`, result.error?.message ?? '');
  }
  for (const user of [alice, bob, carol]) await closeClient(user);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
