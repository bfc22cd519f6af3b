import type { SupabaseClient } from '@supabase/supabase-js';
import { listAll } from '../_shared/storage.ts';

/** Buckets whose objects live under the owner's folder `<user id>/`. */
const USER_BUCKETS = ['avatars', 'files'];
/** Files downloaded at once: enough to overlap the waits, few enough to keep memory flat. */
const PARALLEL_DOWNLOADS = 4;

export interface ExportedFile {
  bucket: string;
  path: string;
  content_type: string;
  size_bytes: number;
  /** The file's bytes, base64-encoded, so the archive is one JSON document. */
  base64: string;
}

/** The user's stored objects: their folders in each bucket and any file row they own elsewhere. */
export async function userObjects(
  admin: SupabaseClient,
  userId: string,
): Promise<{ bucket: string; path: string }[]> {
  const seen = new Set<string>();
  const objects: { bucket: string; path: string }[] = [];
  const add = (bucket: string, path: string) => {
    if (seen.has(`${bucket}/${path}`)) return;
    seen.add(`${bucket}/${path}`);
    objects.push({ bucket, path });
  };
  for (const bucket of USER_BUCKETS) {
    for (const path of await listAll(admin, bucket, userId)) add(bucket, path);
  }
  const { data, error } = await admin
    .from('files')
    .select('bucket, storage_path')
    .eq('owner_id', userId);
  if (error) throw error;
  for (const row of data ?? []) add(row.bucket, row.storage_path);
  return objects;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Downloads the objects, a few at a time, calling `onFile` after each. */
export async function downloadAll(
  admin: SupabaseClient,
  objects: { bucket: string; path: string }[],
  onFile: (done: number) => Promise<void>,
): Promise<ExportedFile[]> {
  const files: ExportedFile[] = new Array(objects.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < objects.length) {
      const index = next++;
      const { bucket, path } = objects[index];
      const { data, error } = await admin.storage.from(bucket).download(path);
      if (error) throw error;
      const bytes = new Uint8Array(await data.arrayBuffer());
      files[index] = {
        bucket,
        path,
        content_type: data.type || 'application/octet-stream',
        size_bytes: bytes.length,
        base64: toBase64(bytes),
      };
      done += 1;
      await onFile(done);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
  return files;
}
