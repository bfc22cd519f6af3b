/**
 * Benchmark: an offline recipient's e-mail for a new message leaves within 60 s of the message,
 * p95, with the settings as they ship (unread delay NOTIFICATION_EMAIL_DELAY_SECONDS = 30 s, job
 * every NOTIFICATION_EMAIL_INTERVAL_MS = 5 s) and the local outbox as the mail server, on PGlite
 * and PostgreSQL. A verified business sends one message to each of RECIPIENTS professionals who
 * never open it, one every GAP_MS; the time from the send_message call to the e-mail's row in
 * the outbox (auth.outbox.created_at, same machine clock) is the figure.
 *
 * Run from the repo root (holding the machine-wide lock):
 *   flock /tmp/e2e.lock node_modules/.bin/tsx bench/notification-email-latency.ts
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createSignedInUser, newClient } from '../backend/test/support/fixtures-rls-world.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../backend/test/support/test-server.ts';
import { onEachDatabase, withSeededBackend } from './lib/seeded-backend.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 40);
const GAP_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `p50 ${s(at(50))}, p95 ${s(at(95))}, max ${s(sorted.at(-1) ?? NaN)} (n=${sorted.length})`;
}

async function run(kind: 'pglite' | 'postgres') {
  await withSeededBackend(kind, 10, async (server) => {
    const info = { url: server.url, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY };
    const service = newClient(info, SERVICE_ROLE_KEY);
    const run = randomUUID().slice(0, 8);
    const business = await createSignedInUser(info, service, `bench-b-${run}@example.com`, {
      name: 'Bench Business',
      account_type: 'business',
    });
    const recipients: { id: string; email: string }[] = [];
    for (let i = 0; i < RECIPIENTS; i += 1) {
      const email = `bench-p${i}-${run}@example.com`;
      const created = await service.auth.admin.createUser({
        email,
        password: `Pw-${randomUUID()}`,
        email_confirm: true,
        user_metadata: { name: `Bench Pro ${i}`, account_type: 'professional' },
      });
      if (created.error) throw created.error;
      recipients.push({ id: created.data.user.id, email });
    }
    const sentAt = new Map<string, number>();
    const client: SupabaseClient = business.client;
    for (const recipient of recipients) {
      const started = Date.now();
      const { error } = await client.rpc('send_message', {
        p_client_id: randomUUID(),
        p_recipient_id: recipient.id,
        p_content: `Are you available next week? (${recipient.email})`,
      });
      if (error) throw error;
      sentAt.set(recipient.email, started);
      await sleep(GAP_MS);
    }
    const leftAfter = new Map<string, number>();
    const deadline = Date.now() + 180_000;
    while (leftAfter.size < recipients.length && Date.now() < deadline) {
      const mails = (await (await fetch(`${server.url}/outbox?format=json`)).json()) as {
        to: string;
        created_at: string;
      }[];
      for (const mail of mails) {
        const sent = sentAt.get(mail.to);
        if (sent !== undefined && !leftAfter.has(mail.to))
          leftAfter.set(mail.to, new Date(mail.created_at).getTime() - sent);
      }
      await sleep(500);
    }
    if (leftAfter.size < recipients.length)
      console.log(`${kind}: ${recipients.length - leftAfter.size} e-mails never left in 180 s`);
    console.log(
      `${kind}: offline recipient's message e-mail left after: ${stats([...leftAfter.values()])}`,
    );
  });
}

await onEachDatabase(run);
