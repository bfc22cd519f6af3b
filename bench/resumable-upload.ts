/**
 * Benchmark: resumable (TUS) uploads through tus-js-client against the real server (PGlite).
 *  1. Reference in the same run: 100 MB by the one-request upload and by TUS (6 MB chunks).
 *  2. A one-hour call recording at the recorder's bitrate (764 kbit/s: 343.8 MB), streamed with
 *     its length deferred in 1 MB chunks as the browser does, with the connection dropped midway;
 *     then downloaded and compared byte for byte (SHA-256), served as video/webm.
 *  3. A 1 GB file in 6 MB chunks, the backend stopped and started again at half way, the upload
 *     resumed from its stored URL, then downloaded and compared.
 * The bytes are synthesised (random), so "plays back" here means the exact bytes come back with
 * the recording's type; the e2e (e2e/specs/messaging/call.spec.ts) plays a real one.
 * Run from the repo root: node_modules/.bin/tsx bench/resumable-upload.ts
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { launchBackend, type RunningBackend } from '../backend/launcher/launch-backend.cjs';
import { createSignedInUser, newClient } from '../backend/test/support/fixtures-rls-world.ts';
import { copyMigratedTemplate } from '../backend/test/support/pglite-template.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../backend/test/support/test-server.ts';
import {
  droppingProxy,
  runUpload,
  tusOptions,
  uploadPartly,
} from '../backend/test/support/tus-helpers.ts';

const MB = 1024 * 1024;
const RECORDING_BITS_PER_SECOND = 700_000 + 64_000;
const HOUR_BYTES = (RECORDING_BITS_PER_SECOND / 8) * 3600;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (bytes: number, ms: number) => `${(bytes / MB / (ms / 1000)).toFixed(1)} MiB/s`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

interface Context {
  backend: RunningBackend;
  server: { url: string; anonKey: string; serviceRoleKey: string };
  user: { id: string; client: ReturnType<typeof newClient> };
  token: string;
}

async function downloadSha(ctx: Context, bucket: string, name: string) {
  const response = await fetch(`${ctx.server.url}/storage/v1/object/${bucket}/${name}`, {
    headers: { authorization: `Bearer ${ctx.token}`, apikey: ANON_KEY },
  });
  if (!response.ok || !response.body) throw new Error(`download ${response.status}`);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha: hash.digest('hex'), size, type: response.headers.get('content-type') };
}

async function reference(ctx: Context) {
  const bytes = randomBytes(100 * MB);
  const files = ctx.user.client.storage.from('files');
  const [, single] = await timed(async () => {
    const { error } = await files.upload(`${ctx.user.id}/ref-single.bin`, bytes, {
      contentType: 'application/octet-stream',
    });
    if (error) throw new Error(error.message);
  });
  const file = {
    bucket: 'files',
    name: `${ctx.user.id}/ref-tus.bin`,
    contentType: 'application/octet-stream',
  };
  const [, tus] = await timed(() =>
    runUpload(bytes, tusOptions(ctx.server, ctx.token, file, { chunkSize: 6 * MB })),
  );
  console.log(`100 MB one request: ${seconds(single)} (${rate(bytes.length, single)})`);
  console.log(`100 MB TUS, 6 MB chunks: ${seconds(tus)} (${rate(bytes.length, tus)})`);
}

async function hourRecording(ctx: Context, conversation: string) {
  const hash = createHash('sha256');
  const piece = Math.round((RECORDING_BITS_PER_SECOND / 8) * 2); // one 2 s piece
  function* pieces() {
    for (let sent = 0; sent < HOUR_BYTES; sent += piece) {
      const bytes = randomBytes(Math.min(piece, HOUR_BYTES - sent));
      hash.update(bytes);
      yield bytes;
    }
  }
  const chunks = Math.ceil(HOUR_BYTES / MB);
  const proxy = await droppingProxy(ctx.server.url, Math.floor(chunks / 2));
  const name = `${conversation}/${ctx.user.id}/${randomUUID()}.webm`;
  const file = { bucket: 'call-recordings', name, contentType: 'video/webm' };
  const target = { url: proxy.url, anonKey: ANON_KEY };
  try {
    const options = tusOptions(target, ctx.token, file, {
      uploadLengthDeferred: true,
      chunkSize: MB,
    });
    const [, ms] = await timed(() =>
      runUpload(Readable.from(pieces()) as unknown as Buffer, options),
    );
    const heads = proxy.seen.filter((request) => request.startsWith('HEAD')).length;
    console.log(
      `one-hour recording ${(HOUR_BYTES / 1e6).toFixed(1)} MB (${(HOUR_BYTES / MB).toFixed(1)} MiB), ` +
        `${chunks} chunks, connection dropped at chunk ${Math.floor(chunks / 2)} (${heads} HEAD to resume): ` +
        `${seconds(ms)} (${rate(HOUR_BYTES, ms)})`,
    );
  } finally {
    await proxy.close();
  }
  const expected = hash.digest('hex');
  const [back, ms] = await timed(() => downloadSha(ctx, 'call-recordings', name));
  const same = back.sha === expected && back.size === HOUR_BYTES;
  console.log(`  downloaded in ${seconds(ms)}: ${same ? 'identical' : 'DIFFERENT'}, ${back.type}`);
}

async function gigabyteAcrossRestart(ctx: Context, env: NodeJS.ProcessEnv) {
  const bytes = randomBytes(1024 * MB);
  const expected = createHash('sha256').update(bytes).digest('hex');
  const file = {
    bucket: 'files',
    name: `${ctx.user.id}/gigabyte.bin`,
    contentType: 'application/octet-stream',
  };
  const options = tusOptions(ctx.server, ctx.token, file, { chunkSize: 6 * MB });
  const [url, firstHalf] = await timed(() => uploadPartly(bytes, options, 512 * MB));
  const [, restart] = await timed(async () => {
    await ctx.backend.stop();
    ctx.backend = await launchBackend({ env, port: ctx.backend.port });
  });
  let resumedAt = -1;
  const [, secondHalf] = await timed(() =>
    runUpload(bytes, {
      ...options,
      uploadUrl: url,
      onChunkComplete: (chunk, accepted) => {
        if (resumedAt < 0) resumedAt = accepted - chunk;
      },
    }),
  );
  console.log(
    `1 GB file, 6 MB chunks: first half ${seconds(firstHalf)}, backend restart ${seconds(restart)}, ` +
      `resumed at ${(resumedAt / MB).toFixed(0)} MiB, rest ${seconds(secondHalf)}; ` +
      `upload ${rate(bytes.length, firstHalf + secondHalf)}`,
  );
  const [back, ms] = await timed(() => downloadSha(ctx, 'files', file.name));
  console.log(
    `  downloaded in ${seconds(ms)}: ${back.sha === expected ? 'identical' : 'DIFFERENT'}`,
  );
}

async function main() {
  console.log(
    `resumable uploads (TUS), node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-bench-tus-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  await copyMigratedTemplate(dataDir, env, undefined);
  const backend = await launchBackend({ env, readyTimeoutMs: 180_000 });
  const server = { url: backend.url, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY };
  const ctx = { backend, server } as Context;
  try {
    const service = newClient(server, SERVICE_ROLE_KEY);
    const meta = { name: 'bench', account_type: 'professional', selected_plan: 'pro' };
    ctx.user = await createSignedInUser(
      server,
      service,
      `tus-${randomUUID().slice(0, 8)}@example.com`,
      meta,
    );
    const other = await createSignedInUser(
      server,
      service,
      `tus-b-${randomUUID().slice(0, 8)}@example.com`,
      {
        name: 'client',
        account_type: 'business',
      },
    );
    ctx.token = (await ctx.user.client.auth.getSession()).data.session?.access_token ?? '';
    const conversation = await service
      .from('conversations')
      .insert({ participant_1: ctx.user.id, participant_2: other.id })
      .select('id')
      .single();
    if (conversation.error) throw new Error(conversation.error.message);
    await reference(ctx);
    await hourRecording(ctx, (conversation.data as { id: string }).id);
    await gigabyteAcrossRestart(ctx, env);
  } finally {
    await ctx.backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
