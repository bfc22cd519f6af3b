import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { messagingKeys } from '../../../lib/query-keys';

/** What the attachments bucket accepts; the database reads it from the bucket that enforces it. */
export interface AttachmentLimits {
  maxBytes: number;
  types: string[];
}

export async function fetchAttachmentLimits(): Promise<AttachmentLimits> {
  const client = await getSupabaseClient();
  const { data, error } = await client.rpc('attachment_limits');
  if (error) throw toAppError(error);
  return data as unknown as AttachmentLimits;
}

export function useAttachmentLimits() {
  return useQuery({
    queryKey: messagingKeys.attachmentLimits(),
    queryFn: fetchAttachmentLimits,
    staleTime: Infinity,
  });
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Why a file cannot be sent, naming the limit, or null when it can. Checked before uploading. */
export function attachmentProblem(
  file: { size: number; type: string },
  limits: AttachmentLimits,
): string | null {
  if (file.size > limits.maxBytes) {
    return `Files can be at most ${formatBytes(limits.maxBytes)}; this one is ${formatBytes(file.size)}.`;
  }
  if (!limits.types.includes(file.type)) {
    return `This type of file cannot be sent. Send an image (PNG, JPEG, WebP or GIF), a PDF, a text, CSV, Word or Excel file, or a ZIP archive.`;
  }
  return null;
}
