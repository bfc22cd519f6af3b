import { AppError, getSupabaseClient, loadRuntimeConfig, toAppError } from '@promatch/shared';
import {
  RESUMABLE_THRESHOLD_BYTES,
  ResumableUploadError,
  startResumableUpload,
} from '@promatch/shared/resumable-upload';
import { PROFILE_MESSAGES } from '@promatch/shared/validation';
import { sendWithProgress } from '../utils/send-with-progress';

/** Keeps letters, digits, dot, dash and underscore, so the storage path stays readable and safe. */
export const safeFileName = (name: string) =>
  name
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-120) || 'file';

function storageMessage(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: fall through to the status
  }
  return `Upload failed (${status})`;
}

/** A large file through the resumable endpoint: in parts, resuming after a dropped connection. */
async function sendResumable(
  file: File,
  target: { path: string; contentType: string },
  onProgress: (percent: number) => void,
) {
  const upload = await startResumableUpload(
    file,
    { bucket: 'files', name: target.path, contentType: target.contentType },
    { onProgress },
  );
  try {
    await upload.done;
  } catch (error) {
    if (!(error instanceof ResumableUploadError)) throw error;
    throw new AppError(error.message, 'upload_failed', error.status);
  }
}

/**
 * Stores a file in the user's folder of the private files bucket, reporting progress, then
 * records it in public.files. If recording fails the stored bytes are removed again. Files over
 * RESUMABLE_THRESHOLD_BYTES go in resumable parts.
 */
export async function uploadFile(file: File, onProgress: (percent: number) => void) {
  const [supabase, config] = await Promise.all([getSupabaseClient(), loadRuntimeConfig()]);
  const { data: auth } = await supabase.auth.getSession();
  const session = auth.session;
  if (!session) throw new AppError(PROFILE_MESSAGES.noUser, 'no_user', 401);
  const path = `${session.user.id}/${crypto.randomUUID()}-${safeFileName(file.name)}`;
  const contentType = file.type || 'application/octet-stream';
  if (file.size > RESUMABLE_THRESHOLD_BYTES) {
    await sendResumable(file, { path, contentType }, onProgress);
    return recordFile(file, path, contentType);
  }
  const url = `${config.supabaseUrl}/storage/v1/object/files/${path
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`;
  const { status, text } = await sendWithProgress(
    url,
    {
      authorization: `Bearer ${session.access_token}`,
      apikey: config.supabaseAnonKey,
      'content-type': contentType,
      'x-upsert': 'false',
    },
    file,
    onProgress,
  );
  if (status < 200 || status >= 300) {
    throw new AppError(storageMessage(text, status), 'upload_failed', status);
  }
  return recordFile(file, path, contentType);
}

/** The public.files row of stored bytes; the bytes go again when it cannot be written. */
async function recordFile(file: File, path: string, contentType: string) {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.from('files').insert({
    bucket: 'files',
    storage_path: path,
    name: file.name.slice(0, 255),
    mime_type: contentType,
    size_bytes: file.size,
  });
  if (error) {
    await supabase.storage.from('files').remove([path]);
    throw toAppError(error);
  }
}
