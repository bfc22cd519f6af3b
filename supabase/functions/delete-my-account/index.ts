import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, json, readJson } from '../_shared/http.ts';
import { listAll } from '../_shared/storage.ts';
import {
  bearerToken,
  refusal,
  signedInUser,
  supabaseAdmin,
  supabaseAsUser,
} from '../_shared/supabase-admin.ts';

/** The words the user types to confirm; the settings page asks for exactly these. */
export const DELETE_CONFIRMATION = 'DELETE MY ACCOUNT';
/**
 * Buckets whose objects live under the owner's folder `<user id>/` (exports: their data exports).
 * Call recordings live under the conversation's folder and are removed through their files rows.
 */
const USER_BUCKETS = ['avatars', 'files', 'exports'];

const bodySchema = z.object({
  confirmation: z.literal(DELETE_CONFIRMATION, {
    message: `Type ${DELETE_CONFIRMATION} to confirm.`,
  }),
});

/** Removes `paths` of `bucket` in batches of 100 through `client`; answers how many went. */
async function removeAll(client: SupabaseClient, bucket: string, paths: string[]) {
  let removed = 0;
  for (let i = 0; i < paths.length; i += 100) {
    const { data, error } = await client.storage.from(bucket).remove(paths.slice(i, i + 100));
    if (error) throw error;
    removed += data?.length ?? 0;
  }
  return removed;
}

/**
 * Removes every object the user owns. Their own folders (`<user id>/` of each bucket, exports
 * included, which no user may delete) go with the service role; the objects their files rows
 * name (call recordings) are removed as the user, so the storage policies decide: a row naming
 * someone else's object removes nothing of theirs.
 */
async function removeFiles(
  admin: SupabaseClient,
  user: SupabaseClient,
  userId: string,
): Promise<number> {
  const byBucket = new Map<string, Set<string>>();
  const add = (bucket: string, path: string) =>
    (byBucket.get(bucket) ?? byBucket.set(bucket, new Set()).get(bucket)!).add(path);
  for (const bucket of USER_BUCKETS) {
    for (const path of await listAll(admin, bucket, userId)) add(bucket, path);
  }
  let removed = 0;
  for (const [bucket, paths] of byBucket) removed += await removeAll(admin, bucket, [...paths]);
  const { data: rows, error } = await user
    .from('files')
    .select('bucket, storage_path')
    .eq('owner_id', userId);
  if (error) throw error;
  const named = new Map<string, string[]>();
  for (const row of rows ?? []) {
    if (byBucket.get(row.bucket)?.has(row.storage_path)) continue;
    named.set(row.bucket, [...(named.get(row.bucket) ?? []), row.storage_path]);
  }
  for (const [bucket, paths] of named) removed += await removeAll(user, bucket, paths);
  return removed;
}

/**
 * POST { confirmation: 'DELETE MY ACCOUNT' } with the user's access token. Removes the user's
 * stored files, then the auth user; the database cascades from there (profile, subscription,
 * usage, favourites, projects, proposals, teams, files, messages, conversations, appointments,
 * reviews given and received, presence, analytics). Answers { success, files_removed }.
 */
export default async function handler(request: Request): Promise<Response> {
  const notPost = answerIfNotPost(request, { success: false });
  if (notPost) return notPost;
  const admin = supabaseAdmin();
  const signedIn = await signedInUser(request, admin);
  if (signedIn.status !== 'ok') {
    return refusal(signedIn, 'Sign in to delete your account.', { success: false });
  }
  const { user } = signedIn;
  const parsed = bodySchema.safeParse(await readJson(request));
  if (!parsed.success) {
    return json(400, { success: false, error: parsed.error.issues[0]?.message });
  }
  try {
    const asUser = supabaseAsUser(bearerToken(request));
    const filesRemoved = await removeFiles(admin, asUser, user.id);
    const { error } = await admin.auth.admin.deleteUser(user.id);
    if (error) throw error;
    return json(200, { success: true, files_removed: filesRemoved, error: null });
  } catch (error) {
    console.error('[delete-my-account] failed:', error instanceof Error ? error.message : error);
    return json(500, {
      success: false,
      error: 'Your account could not be deleted right now. Please try again.',
    });
  }
}

serveOnDeno(handler);
