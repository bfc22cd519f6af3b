/**
 * Benchmark: "download my data" for a heavy user in a database kept by the scale bench
 * (bench/scale-100k.ts with BENCH_KEEP=1): the professional of conversation 0, which holds 10,000
 * messages, with BENCH_FILES stored files (default 200 of BENCH_FILE_KB = 16 KB each) uploaded as
 * them first. Times the export-my-data function from the request to its data_exports row saying
 * ready, through supabase-js against the real backend on that database. Budget (docs/benchmarks.md, at
 * 1,000,000 professionals): under 30 s. The files, their rows and the exports are removed again
 * afterwards, so the kept database stays as seeded.
 *   BENCH_REUSE=promatch_bench_1m node_modules/.bin/tsx bench/export-heavy.ts
 * BENCH_ROUNDS (default 2) measured rounds after one warm-up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { launchBackend } from '../backend/launcher/launch-backend.cjs';
import { ANON_KEY, SERVICE_ROLE_KEY, mintUserToken } from '../backend/test/support/test-server.ts';

const DB_NAME = process.env.BENCH_REUSE;
if (!DB_NAME) throw new Error('BENCH_REUSE=<database kept by bench/scale-100k.ts> is required');
const FILES = Number(process.env.BENCH_FILES ?? 200);
const FILE_KB = Number(process.env.BENCH_FILE_KB ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BUDGET_MS = 30_000;
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DB_NAME}`;
type Transport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];

const check = (result: { error: { message: string } | null }, what: string) => {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
};

// conversation 0 of the scale bench pairs the first professional (by id) with the first business
const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
const heavy = await db.query<{ id: string; messages: string }>(
  `select p.id, (select count(*) from public.messages m join public.conversations c
     on c.id = m.conversation_id where p.id in (c.participant_1, c.participant_2))::text as messages
   from public.profiles p where p.account_type = 'professional' order by p.id limit 1`,
);
const userId = heavy.rows[0].id;
await db.end();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-export-heavy-'));
const server = await launchBackend({
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL },
  forward: 'stderr',
});
const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as Transport },
};
const token = mintUserToken(userId);
const user = createClient(server.url, ANON_KEY, {
  ...options,
  global: { headers: { Authorization: `Bearer ${token}` } },
});
const admin = createClient(server.url, SERVICE_ROLE_KEY, options);
const paths: string[] = [];
try {
  for (let i = 0; i < FILES; i += 1) {
    const objectPath = `${userId}/bench-export-${i}.pdf`;
    const bytes = randomBytes(FILE_KB * 1024);
    check(
      await user.storage
        .from('files')
        .upload(objectPath, bytes, { contentType: 'application/pdf', upsert: true }),
      'upload',
    );
    paths.push(objectPath);
    check(
      await user.from('files').insert({
        owner_id: userId,
        storage_path: objectPath,
        name: `bench-export-${i}.pdf`,
        size_bytes: bytes.length,
      }),
      'file row',
    );
  }
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    const t0 = performance.now();
    const started = await user.functions.invoke('export-my-data', { body: {} });
    if (started.error) throw new Error(started.error.message);
    const id = (started.data as { export_id: string }).export_id;
    for (;;) {
      const { data, error } = await user
        .from('data_exports')
        .select('status, row_count, file_count, size_bytes')
        .eq('id', id)
        .single();
      if (error) throw new Error(error.message);
      if (data.status === 'failed') throw new Error('export failed');
      if (data.status === 'ready') {
        const ms = performance.now() - t0;
        if (round > 0) times.push(ms);
        console.log(
          `${round === 0 ? 'warm-up' : `round ${round}`}: ${(ms / 1000).toFixed(1)} s, ` +
            `${data.row_count} rows (${heavy.rows[0].messages} messages in their conversations), ` +
            `${data.file_count} files, ${(data.size_bytes / 2 ** 20).toFixed(1)} MB archive`,
        );
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const max = Math.max(...times);
  console.log(
    `export of the heavy user on ${DB_NAME}: max ${(max / 1000).toFixed(1)} s over ${ROUNDS} ` +
      `rounds (${max < BUDGET_MS ? 'within' : 'OVER'} the 30 s budget)`,
  );
} finally {
  // leave the kept database as seeded
  if (paths.length > 0) await user.storage.from('files').remove(paths);
  const rows = await admin
    .from('files')
    .delete()
    .eq('owner_id', userId)
    .like('name', 'bench-export-%');
  if (rows.error) console.error(`file rows left behind: ${rows.error.message}`);
  const exports = await admin.from('data_exports').select('storage_path').eq('user_id', userId);
  const archives = (exports.data ?? [])
    .map((row: { storage_path: string | null }) => row.storage_path)
    .filter((p): p is string => p !== null);
  if (archives.length > 0) await admin.storage.from('exports').remove(archives);
  await admin.from('data_exports').delete().eq('user_id', userId);
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
