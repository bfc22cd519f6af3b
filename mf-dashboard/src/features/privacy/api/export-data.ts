import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { privacyKeys } from './keys';

export interface DataExport {
  id: string;
  status: 'building' | 'ready' | 'failed';
  progress: number;
  storage_path: string | null;
  row_count: number | null;
  file_count: number | null;
  size_bytes: number | null;
  error: string | null;
  created_at: string;
}

/** How long a download link works. */
export const LINK_SECONDS = 60 * 60;

/** The user's newest export request, or null (row-level security limits it to their own). */
async function getLatestExport(): Promise<DataExport | null> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('data_exports')
    .select(
      'id, status, progress, storage_path, row_count, file_count, size_bytes, error, created_at',
    )
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data as DataExport | null;
}

/** The newest export, polled every second while it is building. */
export const useLatestExport = (userId: string) =>
  useQuery({
    queryKey: privacyKeys.latestExport(userId),
    queryFn: getLatestExport,
    refetchInterval: (query) => (query.state.data?.status === 'building' ? 1000 : false),
  });

async function startExport(): Promise<string> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.functions.invoke('export-my-data', { body: {} });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => ({}))) as {
        error?: string;
      };
      throw toAppError(body.error ?? error.message);
    }
    throw toAppError(error);
  }
  return (data as { export_id: string }).export_id;
}

/** Asks for a new export; the latest-export query then follows its progress. */
export function useStartExport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.latestExport(userId) }),
  });
}

/** A signed link to a finished export in the private exports bucket (only its owner can sign). */
async function getExportLink(path: string): Promise<string> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.storage
    .from('exports')
    .createSignedUrl(path, LINK_SECONDS, { download: 'promatch-data-export.json' });
  if (error) throw toAppError(error);
  return data.signedUrl;
}

export const useExportLink = (path: string | null) =>
  useQuery({
    queryKey: privacyKeys.exportLink(path ?? ''),
    queryFn: () => getExportLink(path as string),
    enabled: path !== null,
    // a fresh link well before the old one expires
    staleTime: (LINK_SECONDS / 2) * 1000,
  });
