import { getSupabaseClient, toAppError } from '@promatch/shared';
import type { StoredFile } from './get-files';

/** Fetches the bytes (the owner's or a shared file) and hands them to the browser as a download. */
export async function downloadFile(file: Pick<StoredFile, 'bucket' | 'name' | 'storage_path'>) {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.storage.from(file.bucket).download(file.storage_path);
  if (error) throw toAppError(error);
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Replaces who may read the file; the database accepts only conversation partners. */
export async function shareFile(fileId: string, sharedWith: string[]) {
  const supabase = await getSupabaseClient();
  const { error } = await supabase
    .from('files')
    .update({ shared_with: sharedWith })
    .eq('id', fileId);
  if (error) throw toAppError(error);
}

/**
 * Removes the bytes first, then the record: if the second step fails the file is still listed and
 * can be deleted again, whereas the other order could leave bytes counting against the quota with
 * nothing listed to delete.
 */
export async function deleteFile(file: Pick<StoredFile, 'id' | 'bucket' | 'storage_path'>) {
  const supabase = await getSupabaseClient();
  const removed = await supabase.storage.from(file.bucket).remove([file.storage_path]);
  if (removed.error) throw toAppError(removed.error);
  const { error } = await supabase.from('files').delete().eq('id', file.id);
  if (error) throw toAppError(error);
}
