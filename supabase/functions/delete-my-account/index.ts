import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, json, readJson } from '../_shared/http.ts';
import { listAll } from '../_shared/storage.ts';
import { refusal, signedInUser, supabaseAdmin } from '../_shared/supabase-admin.ts';

/** The words the user types to confirm; the settings page asks for exactly these. */
export const DELETE_CONFIRMATION = 'DELETE MY ACCOUNT';
/**
 * Buckets whose objects live under the owner's folder `<user id>/` (exports: their data exports). Call recordings live under
 * the appointment's folder and are removed through their public.files rows.
 */
const USER_BUCKETS = ['avatars', 'files', 'exports'];

const bodySchema = z.object({
  confirmation: z.literal(DELETE_CONFIRMATION, {
    message: `Type ${DELETE_CONFIRMATION} to confirm.`,
  }),
});

/** Removes every object the user owns: their folder in each bucket and any file row elsewhere. */
async function removeFiles(admin: SupabaseClient, userId: string): Promise<number> {
  const byBucket = new Map<string, Set<string>>();
  const add = (bucket: string, path: string) =>
    (byBucket.get(bucket) ?? byBucket.set(bucket, new Set()).get(bucket)!).add(path);
  const { data: rows, error } = await admin
    .from('files')
    .select('bucket, storage_path')
    .eq('owner_id', userId);
  if (error) throw error;
  for (const row of rows ?? []) add(row.bucket, row.storage_path);
  for (const bucket of USER_BUCKETS) {
    for (const path of await listAll(admin, bucket, userId)) add(bucket, path);
  }
  let removed = 0;
  for (const [bucket, paths] of byBucket) {
    const list = [...paths];
    for (let i = 0; i < list.length; i += 100) {
      const { data, error: removeError } = await admin.storage
        .from(bucket)
        .remove(list.slice(i, i + 100));
      if (removeError) throw removeError;
      removed += data?.length ?? 0;
    }
  }
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
    const filesRemoved = await removeFiles(admin, user.id);
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
