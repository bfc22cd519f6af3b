import type { SupabaseClient } from '@supabase/supabase-js';
import { env } from '../_shared/env.ts';
import { listAll, storageObjectUrl } from '../_shared/storage.ts';

/** Buckets whose objects live under the owner's folder `<user id>/`. */
const USER_BUCKETS = ['avatars', 'files'];
/** Files downloaded at once: enough to overlap the waits, few enough to keep memory flat. */
const PARALLEL_DOWNLOADS = 4;

export interface ObjectRef {
  bucket: string;
  path: string;
}

export interface ExportedFile extends ObjectRef {
  content_type: string;
  size_bytes: number;
  /** The file's bytes, base64-encoded, so the archive is one JSON document. */
  base64: string;
}

/** Who the export is for: a client acting as them, and the token it carries. */
export interface ExportingUser {
  id: string;
  client: SupabaseClient;
  accessToken: string;
}

/**
 * The user's stored objects, found as the user: their folders in each bucket and the files rows
 * they own (call recordings). Storage and row-level security decide what is listed.
 */
export async function userObjects(user: ExportingUser): Promise<ObjectRef[]> {
  const seen = new Set<string>();
  const objects: ObjectRef[] = [];
  const add = (bucket: string, path: string) => {
    if (seen.has(`${bucket}/${path}`)) return;
    seen.add(`${bucket}/${path}`);
    objects.push({ bucket, path });
  };
  for (const bucket of USER_BUCKETS) {
    for (const path of await listAll(user.client, bucket, user.id)) add(bucket, path);
  }
  const { data, error } = await user.client
    .from('files')
    .select('bucket, storage_path')
    .eq('owner_id', user.id);
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

/**
 * One object's bytes as the user, at a URL built with each path segment encoded; undefined when
 * the path is no object name or the user may not read it (a files row naming someone else's
 * object, or an object deleted since): that file is left out, the rest of the export goes on.
 */
async function downloadAsUser(user: ExportingUser, ref: ObjectRef) {
  let url: string;
  try {
    url = storageObjectUrl(env('SUPABASE_URL') ?? '', 'object/authenticated', ref.bucket, ref.path);
  } catch {
    return undefined;
  }
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${user.accessToken}`,
      apikey: env('SUPABASE_ANON_KEY') ?? '',
    },
  });
  if (response.status === 400 || response.status === 403 || response.status === 404) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.ok) throw new Error(`download of a file failed (${response.status})`);
  return {
    type: response.headers.get('content-type') ?? '',
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/** Downloads the objects as the user, a few at a time, calling `onFile` after each. */
export async function downloadAll(
  user: ExportingUser,
  objects: ObjectRef[],
  onFile: (done: number) => Promise<void>,
): Promise<ExportedFile[]> {
  const files: (ExportedFile | undefined)[] = new Array(objects.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < objects.length) {
      const index = next++;
      const { bucket, path } = objects[index];
      const data = await downloadAsUser(user, objects[index]);
      if (data)
        files[index] = {
          bucket,
          path,
          content_type: data.type || 'application/octet-stream',
          size_bytes: data.bytes.length,
          base64: toBase64(data.bytes),
        };
      done += 1;
      await onFile(done);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
  return files.filter((file): file is ExportedFile => file !== undefined);
}
