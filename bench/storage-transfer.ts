/**
 * Benchmark: upload and download of a 10 MB file through supabase-js's storage client against
 * the running server, on PGlite and on PostgreSQL. Budget: each under 1 s.
 * Run from the repo root: node_modules/.bin/tsx bench/storage-transfer.ts
 * BENCH_ROUNDS (default 5) sets how many measured rounds follow one warm-up.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  postgresAvailable,
  startTestServer,
  type DbKind,
  type TestServer,
} from '../backend/test/support/test-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SIZE = 10 * 1024 * 1024;
const BUDGET_MS = 1000;
type Transport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];
const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as Transport },
};

async function signedInUser(server: TestServer) {
  const admin = createClient(server.url, server.serviceRoleKey, options);
  const email = `bench-storage-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Bench-passw0rd';
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw new Error(created.error.message);
  const client = createClient(server.url, server.anonKey, options);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw new Error(signedIn.error.message);
  return { client, id: created.data.user.id };
}

const max = (values: number[]) => Math.max(...values);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function bench(kind: DbKind) {
  const server = await startTestServer({ db: kind });
  try {
    const { client, id } = await signedInUser(server);
    const files = client.storage.from('files');
    const data = randomBytes(SIZE);
    const uploads: number[] = [];
    const downloads: number[] = [];
    for (let round = 0; round <= ROUNDS; round += 1) {
      const path = `${id}/bench-${round}.bin`;
      const t0 = performance.now();
      const up = await files.upload(path, new Blob([data]), { contentType: 'application/zip' });
      const t1 = performance.now();
      if (up.error) throw new Error(up.error.message);
      const down = await files.download(path);
      if (down.error) throw new Error(down.error.message);
      const bytes = Buffer.from(await down.data.arrayBuffer());
      const t2 = performance.now();
      if (!bytes.equals(data)) throw new Error('downloaded bytes differ');
      if (round === 0) continue; // warm-up
      uploads.push(t1 - t0);
      downloads.push(t2 - t1);
    }
    for (const [what, times] of [
      ['upload', uploads],
      ['download', downloads],
    ] as const) {
      const verdict = max(times) < BUDGET_MS ? 'within' : 'OVER';
      console.log(
        `${kind.padEnd(8)} ${what.padEnd(8)} 10 MB: median ${median(times).toFixed(0)} ms, ` +
          `max ${max(times).toFixed(0)} ms over ${ROUNDS} rounds (${verdict} the 1 s budget)`,
      );
    }
  } finally {
    await server.stop();
  }
}

console.log(`10 MB upload/download via supabase-js storage, node ${process.version}`);
await bench('pglite');
if (postgresAvailable()) await bench('postgres');
else console.log('postgres: SKIPPED, nothing answers on 127.0.0.1:5432');
