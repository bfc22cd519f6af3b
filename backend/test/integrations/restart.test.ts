/**
 * Webhook work lives in the database, not in a worker's memory: events and deliveries written
 * while no worker runs are sent once a backend (re)starts, and two backends running the worker on
 * one PostgreSQL database send each delivery exactly once (for update skip locked).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBackend, type RunningBackend } from '../../launcher/launch-backend.cjs';
import { newClient } from '../support/fixtures-rls-world.ts';
import { copyMigratedTemplate } from '../support/pglite-template.ts';
import { makeUsers } from '../support/realtime-helpers.ts';
import {
  ANON_KEY,
  SERVICE_ROLE_KEY,
  adminQuery,
  postgresAvailable,
  type DbKind,
} from '../support/test-server.ts';
import { startReceiver } from '../support/webhook-receiver.ts';

jest.setTimeout(180_000);

const kinds: DbKind[] = postgresAvailable() ? ['pglite', 'postgres'] : ['pglite'];
if (kinds.length === 1)
  console.log('[test] SKIPPED restart test on postgres: nothing answers on 5432');

describe.each(kinds)('webhooks across a restart [%s]', (kind) => {
  test('work queued while no worker ran is delivered after the restart, each delivery once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-restart-'));
    const dbName = `pm_test_${randomBytes(6).toString('hex')}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      INTEGRATIONS_POLL_MS: '100',
    };
    delete env.DATABASE_URL;
    if (kind === 'postgres') {
      await adminQuery(`create database ${dbName}`);
      env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
    } else {
      await copyMigratedTemplate(dataDir, env, undefined);
    }
    const receiver = await startReceiver();
    const running: RunningBackend[] = [];
    try {
      const first = await launchBackend({ env: { ...env, INTEGRATIONS_WORKER: 'off' } });
      running.push(first);
      const server = { url: first.url, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY };
      const [business, professional] = await makeUsers(server, 2);
      const { data: endpoint, error } = await professional.client
        .from('webhook_endpoints')
        .insert({ url: receiver.url, events: ['message.received'] })
        .select('id')
        .single<{ id: string }>();
      expect(error).toBeNull();
      for (const content of ['one', 'two', 'three']) {
        const sent = await business.client.rpc('send_message', {
          p_client_id: randomUUID(),
          p_content: content,
          p_recipient_id: professional.id,
        });
        expect(sent.error).toBeNull();
      }
      expect(
        (await professional.client.rpc('send_test_webhook', { p_endpoint: endpoint!.id })).error,
      ).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receiver.received).toHaveLength(0);
      const service = newClient(server, SERVICE_ROLE_KEY);
      const { count } = await service
        .from('integration_events')
        .select('id', { count: 'exact', head: true })
        .is('processed_at', null);
      expect(count).toBe(3);

      await first.stop();
      running.pop();
      // the restart: one backend on PGlite (one process owns its files), two on PostgreSQL
      running.push(await launchBackend({ env }));
      if (kind === 'postgres') running.push(await launchBackend({ env }));

      const requests = await receiver.waitFor(4, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // any duplicate would arrive now
      expect(requests).toHaveLength(4);
      const ids = new Set(requests.map((r) => r.headers['x-promatch-delivery']));
      expect(ids.size).toBe(4);
      const contents = requests
        .map((r) => JSON.parse(r.body) as { type: string; data: { content?: string } })
        .map((b) => (b.type === 'ping' ? 'ping' : b.data.content))
        .sort();
      expect(contents).toEqual(['one', 'ping', 'three', 'two']);
    } finally {
      await Promise.all(running.map((backend) => backend.stop()));
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') await adminQuery(`drop database if exists ${dbName} with (force)`);
    }
  });
});
