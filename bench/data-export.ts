/**
 * Benchmark: download my data for a user with 200 rows and 20 files. Times the export-my-data
 * function from the request to its data_exports row saying ready (archive uploaded to the
 * exports bucket), through supabase-js against the running server, on PGlite and PostgreSQL.
 * Budget: under 5 s. Run from the repo root: node_modules/.bin/tsx bench/data-export.ts
 * BENCH_ROUNDS (default 5) sets the measured rounds after one warm-up; BENCH_FILE_KB the size of
 * each of the 20 files (default 256 KB, so 5 MB of files).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  postgresAvailable,
  startTestServer,
  type DbKind,
  type TestServer,
} from '../backend/test/support/test-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FILE_KB = Number(process.env.BENCH_FILE_KB ?? 256);
const FILES = 20;
const BUDGET_MS = 5000;
type Transport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];
const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as Transport },
};

async function signedInUser(server: TestServer, admin: SupabaseClient, accountType: string) {
  const email = `bench-export-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Bench-passw0rd';
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { name: 'Bench Exporter', account_type: accountType },
  });
  if (created.error) throw new Error(created.error.message);
  const client = createClient(server.url, server.anonKey, options);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw new Error(signedIn.error.message);
  return { client, id: created.data.user.id };
}

const check = (result: { error: { message: string } | null }, what: string) => {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
};

/**
 * 200 rows of the user's own (profile and subscription from sign-up, 20 file rows, 150 projects,
 * 28 favourites) and 20 stored files.
 */
async function seedUser(server: TestServer, admin: SupabaseClient) {
  const pros = [];
  for (let i = 0; i < 28; i += 1) pros.push((await signedInUser(server, admin, 'professional')).id);
  const user = await signedInUser(server, admin, 'business');
  for (let i = 0; i < FILES; i += 1) {
    const path = `${user.id}/doc-${i}.pdf`;
    const bytes = randomBytes(FILE_KB * 1024);
    check(
      await user.client.storage
        .from('files')
        .upload(path, bytes, { contentType: 'application/pdf' }),
      'upload',
    );
    check(
      await user.client.from('files').insert({
        owner_id: user.id,
        storage_path: path,
        name: `doc-${i}.pdf`,
        size_bytes: bytes.length,
      }),
      'file row',
    );
  }
  const projects = Array.from({ length: 150 }, (_, i) => ({
    owner_id: user.id,
    title: `Project ${i}`,
    description: 'A realistic paragraph describing the work, the budget and the timeline. '.repeat(
      4,
    ),
  }));
  // Written by the service role: a business on the Free plan may post 5 projects a month.
  check(await admin.from('projects').insert(projects), 'projects');
  check(
    await user.client.from('favorites').insert(pros.map((id) => ({ professional_id: id }))),
    'favourites',
  );
  return user;
}

async function exportOnce(
  client: SupabaseClient,
): Promise<{ ms: number; rows: number; files: number; mb: number }> {
  const t0 = performance.now();
  const started = await client.functions.invoke('export-my-data', { body: {} });
  if (started.error) throw new Error(started.error.message);
  const id = (started.data as { export_id: string }).export_id;
  for (;;) {
    const { data, error } = await client
      .from('data_exports')
      .select('status, row_count, file_count, size_bytes')
      .eq('id', id)
      .single();
    if (error) throw new Error(error.message);
    if (data.status === 'failed') throw new Error('export failed');
    if (data.status === 'ready') {
      return {
        ms: performance.now() - t0,
        rows: data.row_count,
        files: data.file_count,
        mb: data.size_bytes / 1024 / 1024,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function bench(kind: DbKind) {
  const server = await startTestServer({ db: kind });
  try {
    const admin = createClient(server.url, server.serviceRoleKey, options);
    const user = await seedUser(server, admin);
    const times: number[] = [];
    let last = { rows: 0, files: 0, mb: 0 };
    for (let round = 0; round <= ROUNDS; round += 1) {
      const run = await exportOnce(user.client);
      last = run;
      if (round > 0) times.push(run.ms);
    }
    const max = Math.max(...times);
    console.log(
      `${kind.padEnd(8)} ${last.rows} rows, ${last.files} files (${last.mb.toFixed(1)} MB archive): ` +
        `median ${median(times).toFixed(0)} ms, max ${max.toFixed(0)} ms over ${ROUNDS} rounds ` +
        `(${max < BUDGET_MS ? 'within' : 'OVER'} the 5 s budget)`,
    );
  } finally {
    await server.stop();
  }
}

console.log(
  `download my data: 200 rows and ${FILES} files of ${FILE_KB} KB, node ${process.version}`,
);
await bench('pglite');
if (postgresAvailable()) await bench('postgres');
else console.log('postgres: SKIPPED, nothing answers on 127.0.0.1:5432');
