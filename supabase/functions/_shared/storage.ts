import type { SupabaseClient } from '@supabase/supabase-js';

/** Every object path under `prefix`, folders walked (storage lists one level at a time). */
export async function listAll(
  client: SupabaseClient,
  bucket: string,
  prefix: string,
): Promise<string[]> {
  const paths: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const { data, error } = await client.storage.from(bucket).list(prefix, { limit: 100, offset });
    if (error) throw error;
    for (const entry of data ?? []) {
      const path = `${prefix}/${entry.name}`;
      if (entry.id === null) paths.push(...(await listAll(client, bucket, path)));
      else paths.push(path);
    }
    if (!data || data.length < 100) return paths;
  }
}

/** A segment no URL may carry as written: empty, `.` or `..`, or one with a control character. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const unsafeSegment = (segment: string) => /^\.{0,2}$|[\u0000-\u001f\u007f]/.test(segment);

/**
 * The storage URL of `bucket/path` below `surface` (`object/authenticated`, `object/sign`…), each
 * segment %-encoded. supabase-js puts the path into the URL as written, so a stored path with
 * `../` or `?` would address another endpoint: any function that fetches a path someone wrote
 * builds the URL here. Throws on a path no object can have.
 */
export function storageObjectUrl(
  baseUrl: string,
  surface: string,
  bucket: string,
  path: string,
): string {
  const segments = [bucket, ...path.split('/')];
  if (segments.some(unsafeSegment)) throw new Error(`not an object path: ${JSON.stringify(path)}`);
  return `${baseUrl.replace(/\/+$/, '')}/storage/v1/${surface}/${segments.map(encodeURIComponent).join('/')}`;
}
