import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { messagingKeys } from '../../../lib/query-keys';

export const ATTACHMENTS_BUCKET = 'message-attachments';
/** Signed links last an hour; the query refreshes them well before that. */
const SIGNED_URL_SECONDS = 3600;

export async function signedAttachmentUrl(path: string): Promise<string> {
  const client = await getSupabaseClient();
  const { data, error } = await client.storage
    .from(ATTACHMENTS_BUCKET)
    .createSignedUrl(path, SIGNED_URL_SECONDS);
  if (error) throw toAppError(error);
  return data.signedUrl;
}

export function useAttachmentUrl(path: string) {
  return useQuery({
    queryKey: messagingKeys.attachmentUrl(path),
    queryFn: () => signedAttachmentUrl(path),
    staleTime: (SIGNED_URL_SECONDS / 2) * 1000,
  });
}
