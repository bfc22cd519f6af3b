import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { Inbox, sleep, subscribe } from '../support/realtime-helpers.ts';
import { deploy, type Deployment } from '../support/realtime-deployment.ts';
import {
  ANON_KEY,
  mintUserToken,
  postgresAvailable,
  SERVICE_ROLE_KEY,
  type DbKind,
} from '../support/test-server.ts';
import { createSignedInUser, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(150_000);
type Transport = NonNullable<
  NonNullable<Parameters<typeof createClient>[2]>['realtime']
>['transport'];
const transport = WebSocket as unknown as Transport;
const hasPostgres = postgresAvailable();

/** A user (with a profile) created through `url`, and a realtime client for them on `clientUrl`. */
async function userOn(url: string, clientUrl: string) {
  const info = { url, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY };
  const service = newClient(info, SERVICE_ROLE_KEY);
  const email = `rel-${Math.random().toString(36).slice(2)}@example.com`;
  const { id, client: writer } = await createSignedInUser(info, service, email, {
    name: 'Rel User',
    account_type: 'business',
  });
  const token = mintUserToken(id);
  // realtime-js backs off 1, 2, 5 then 10 s between attempts; a restart that takes longer than a
  // few seconds on a loaded machine would only be seen on the next 10 s attempt. The frontends
  // cap the backoff the same way (see docs/benchmarks.md, Backend: realtime).
  const reader = createClient(clientUrl, ANON_KEY, {
    accessToken: async () => token,
    realtime: { transport, reconnectAfterMs: () => 1000 },
  });
  return { id, writer, reader };
}

type Presence = { new: { status?: string } };

for (const kind of ['pglite', 'postgres'] as DbKind[]) {
  const run = kind === 'postgres' && !hasPostgres ? describe.skip : describe;
  if (kind === 'postgres' && !hasPostgres)
    console.log('[test] SKIPPED realtime restart on postgres: nothing answers on 127.0.0.1:5432');
  run(`realtime reliability [${kind}]`, () => {
    let deployment: Deployment | undefined;
    afterAll(async () => deployment?.destroy());

    test('after a backend restart the client rejoins and changes flow again within 5 s of it being up', async () => {
      deployment = await deploy(kind);
      const [backend] = deployment.instances as [(typeof deployment.instances)[0]];
      await backend.start();
      const { id, writer, reader } = await userOn(backend.url, backend.url);
      const inbox = new Inbox<Presence>();
      const channel = reader
        .channel('restart')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'user_presence' },
          inbox.push,
        );
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
      await writer.rpc('update_user_presence', { p_user_id: id, p_status: 'online' });
      await inbox.waitFor((items) => items.length === 1);
      await backend.stop();
      await sleep(500);
      await backend.start();
      const up = Date.now();
      // Writes keep coming; the first one after the rejoin must arrive within 5 s of the restart.
      let n = 0;
      while (inbox.items.length < 2 && Date.now() - up < 5000) {
        await writer.rpc('update_user_presence', {
          p_user_id: id,
          p_status: n++ % 2 ? 'away' : 'busy',
        });
        await sleep(100);
      }
      expect(inbox.items.length).toBeGreaterThanOrEqual(2);
      console.log(`[realtime ${kind}] deliveries resumed ${Date.now() - up} ms after the restart`);
      reader.realtime.disconnect();
    });
  });
}

(hasPostgres ? describe : describe.skip)(
  'realtime across two instances on one PostgreSQL database',
  () => {
    let deployment: Deployment | undefined;
    afterAll(async () => deployment?.destroy());

    test('a change and a broadcast made through one instance reach a client on the other', async () => {
      deployment = await deploy('postgres', 2);
      const [one, two] = deployment.instances as [
        Deployment['instances'][0],
        Deployment['instances'][0],
      ];
      await one.start();
      await two.start();
      const { id, writer, reader } = await userOn(one.url, two.url);
      const changes = new Inbox<Presence>();
      const said = new Inbox<{ payload: unknown }>();
      const channel = reader
        .channel('across')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'user_presence' },
          changes.push,
        )
        .on('broadcast', { event: 'hello' }, said.push);
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
      const sender = writer.channel('across');
      await subscribe(sender);
      await writer.rpc('update_user_presence', { p_user_id: id, p_status: 'online' });
      await sender.send({ type: 'broadcast', event: 'hello', payload: { from: 'one' } });
      await changes.waitFor((items) => items.length === 1);
      await said.waitFor((items) => items.length === 1);
      expect(changes.items[0]?.new.status).toBe('online');
      reader.realtime.disconnect();
      writer.realtime.disconnect();
    });
  },
);
