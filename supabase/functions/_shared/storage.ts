import type { SupabaseClient } from '@supabase/supabase-js';

/** Every object path under `prefix`, folders walked (storage lists one level at a time). */
export async function listAll(
  admin: SupabaseClient,
  bucket: string,
  prefix: string,
): Promise<string[]> {
  const paths: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const { data, error } = await admin.storage.from(bucket).list(prefix, { limit: 100, offset });
    if (error) throw error;
    for (const entry of data ?? []) {
      const path = `${prefix}/${entry.name}`;
      if (entry.id === null) paths.push(...(await listAll(admin, bucket, path)));
      else paths.push(path);
    }
    if (!data || data.length < 100) return paths;
  }
}
