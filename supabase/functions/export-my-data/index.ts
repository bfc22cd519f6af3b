import type { SupabaseClient } from '@supabase/supabase-js';
import { serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, json } from '../_shared/http.ts';
import {
  bearerToken,
  refusal,
  signedInUser,
  supabaseAdmin,
  supabaseAsUser,
} from '../_shared/supabase-admin.ts';
import { downloadAll, userObjects, type ExportingUser } from './build-export.ts';

/** One export at a time per user: a new request while one is building gets that one back. */
const BUILDING_FOR_AT_MOST_MS = 10 * 60_000;

/** Keeps the runtime alive for background work: EdgeRuntime.waitUntil on Supabase, a no-op in Node. */
function inBackground(work: Promise<unknown>): void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil(p: Promise<unknown>): void } })
    .EdgeRuntime;
  runtime?.waitUntil(work);
}

const countRows = (tables: Record<string, unknown[]>) =>
  Object.values(tables).reduce((sum, rows) => sum + rows.length, 0);

/**
 * Builds the archive: rows (10%), then each file (10-90%), then the upload (100%), writing the
 * progress onto the data_exports row the settings page watches. Rows and files are read as the
 * user (their token, under row-level security and the storage policies), so the archive holds
 * what they can read and nothing else; only the progress and the upload into their exports
 * folder, which no user may write, use the service role.
 */
async function build(admin: SupabaseClient, user: ExportingUser, exportId: string): Promise<void> {
  const userId = user.id;
  const progress = (fields: Record<string, unknown>) =>
    admin.from('data_exports').update(fields).eq('id', exportId);
  try {
    const rows = await user.client.rpc('export_my_rows');
    if (rows.error) throw rows.error;
    const data = rows.data as { tables: Record<string, unknown[]> };
    const objects = await userObjects(user);
    await progress({ progress: 10 });
    let reported = 10;
    const files = await downloadAll(user, objects, async (done) => {
      const now = 10 + Math.floor((80 * done) / objects.length);
      // a write per 10 points at most, not per file
      if (now - reported >= 10) {
        reported = now;
        await progress({ progress: now });
      }
    });
    const body = JSON.stringify({
      format: 'ProMatch data export, version 1',
      exported_at: new Date().toISOString(),
      ...data,
      files,
    });
    const path = `${userId}/${exportId}.json`;
    const upload = await admin.storage
      .from('exports')
      .upload(path, new Blob([body], { type: 'application/json' }), {
        contentType: 'application/json',
        upsert: true,
      });
    if (upload.error) throw upload.error;
    await progress({
      status: 'ready',
      progress: 100,
      storage_path: path,
      row_count: countRows(data.tables) + 1,
      file_count: files.length,
      size_bytes: new TextEncoder().encode(body).length,
      completed_at: new Date().toISOString(),
    });
  } catch (error) {
    console.error('[export-my-data] failed:', error instanceof Error ? error.message : error);
    await progress({
      status: 'failed',
      error: 'The export could not be built. Please try again.',
      completed_at: new Date().toISOString(),
    });
  }
}

/**
 * POST with the user's access token: starts building a JSON archive of the rows of theirs they can
 * read and every file they stored, and answers at once with { success, export_id }. The build runs in
 * the background; the data_exports row shows its progress and, when ready, where the file is
 * (exports/<user id>/<export id>.json, which only the user can read or sign a link for).
 */
export default async function handler(request: Request): Promise<Response> {
  const notPost = answerIfNotPost(request, { success: false });
  if (notPost) return notPost;
  const admin = supabaseAdmin();
  const signedIn = await signedInUser(request, admin);
  if (signedIn.status !== 'ok') {
    return refusal(signedIn, 'Sign in to download your data.', { success: false });
  }
  const userId = signedIn.user.id;
  const since = new Date(Date.now() - BUILDING_FOR_AT_MOST_MS).toISOString();
  const { data: running } = await admin
    .from('data_exports')
    .select('id')
    .eq('user_id', userId)
    .eq('status', 'building')
    .gte('created_at', since)
    .limit(1);
  if (running && running.length > 0) {
    return json(200, { success: true, export_id: running[0].id, error: null });
  }
  const { data: created, error } = await admin
    .from('data_exports')
    .insert({ user_id: userId })
    .select('id')
    .single();
  if (error || !created) {
    console.error('[export-my-data] could not start:', error?.message);
    return json(500, {
      success: false,
      error: 'Your export could not be started. Please try again.',
    });
  }
  const token = bearerToken(request);
  const exporting: ExportingUser = {
    id: userId,
    client: supabaseAsUser(token),
    accessToken: token,
  };
  inBackground(build(admin, exporting, created.id).catch(() => undefined));
  return json(202, { success: true, export_id: created.id, error: null });
}

serveOnDeno(handler);
