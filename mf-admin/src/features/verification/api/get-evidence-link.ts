import { getSupabaseClient } from '@promatch/shared';
import { useMutation } from '@tanstack/react-query';
import { toAdminError } from '../../../lib/admin-api';

const BUCKET = 'verification-evidence';
const SIGNED_URL_SECONDS = 300;

/** Evidence lives in a private bucket: each file opens through a short-lived signed URL. */
export async function getEvidenceLink(path: string): Promise<string> {
  const client = await getSupabaseClient();
  const { data, error } = await client.storage
    .from(BUCKET)
    .createSignedUrl(path, SIGNED_URL_SECONDS);
  if (error) throw toAdminError(error);
  return data.signedUrl;
}

/** Asked for when staff click, so no link outlives its use; it changes no cached data. */
export function useEvidenceLink(path: string) {
  return useMutation({ mutationFn: () => getEvidenceLink(path) });
}
