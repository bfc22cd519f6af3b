import { getSupabaseClient, toAppError, useSession } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { fileKeys } from './keys';

/**
 * Buckets whose files the tab lists: the user's uploads, and recordings of their video calls
 * (call-recordings/<conversation>/<recorder>/..., listed for both parties of the call).
 */
export const LISTED_BUCKETS = ['files', 'call-recordings'];

export interface StoredFile {
  id: string;
  bucket: string;
  owner_id: string;
  name: string;
  storage_path: string;
  mime_type: string | null;
  size_bytes: number;
  shared_with: string[];
  created_at: string;
  owner: { name: string } | null;
}

/** The user's own files and the files others shared with them (row security decides), newest first. */
export async function getFiles(): Promise<StoredFile[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('files')
    .select(
      'id,bucket,owner_id,name,storage_path,mime_type,size_bytes,shared_with,created_at,owner:profiles!files_owner_id_fkey(name)',
    )
    .in('bucket', LISTED_BUCKETS)
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error);
  return (data ?? []) as unknown as StoredFile[];
}

export function useFiles() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({ queryKey: fileKeys.list(userId), queryFn: getFiles, enabled: userId !== '' });
}
