import { getSupabaseClient, toAppError } from '@promatch/shared';
import type { Attachment } from '../../../lib/messages/message-row';
import { ATTACHMENTS_BUCKET } from './attachment-url';

/** Keeps letters, digits, dots, dashes and underscores, so the storage key is always valid. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(-120) || 'file';

/** Uploads into <conversation>/<sender>/<client id>-<name>, the only folder the policy allows us. */
export async function uploadAttachment(
  conversationId: string,
  senderId: string,
  clientId: string,
  file: File,
): Promise<Attachment> {
  const client = await getSupabaseClient();
  const path = `${conversationId}/${senderId}/${clientId}-${safeName(file.name)}`;
  const { error } = await client.storage
    .from(ATTACHMENTS_BUCKET)
    .upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw toAppError(error);
  return { path, name: file.name, type: file.type, size: file.size };
}
