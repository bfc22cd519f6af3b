import { getSupabaseClient, toAppError } from '@promatch/shared';
import { formatDuration } from '../../../lib/format-duration';

export const RECORDINGS_BUCKET = 'call-recordings';

/**
 * Where a recording lives: call-recordings/<conversation>/<recorder>/<recording id>.webm, with
 * its parts under <recording id>/part-NNNNN.webm while the call goes on. Only the
 * conversation's two participants can read that folder.
 */
export const recordingFolder = (conversationId: string, userId: string, recordingId: string) =>
  `${conversationId}/${userId}/${recordingId}`;

export async function uploadPart(folder: string, index: number, chunk: Blob): Promise<string> {
  const client = await getSupabaseClient();
  const path = `${folder}/part-${String(index).padStart(5, '0')}.webm`;
  const { error } = await client.storage
    .from(RECORDINGS_BUCKET)
    .upload(path, chunk, { contentType: 'video/webm', upsert: false });
  if (error) throw error;
  return path;
}

export interface FinishedRecording {
  folder: string;
  parts: string[];
  blob: Blob;
  seconds: number;
  partnerId: string;
  partnerName: string;
  ownName: string;
  startedAt: Date;
}

const when = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(date);

/**
 * Stores the whole recording as one playable webm, lists it in both parties' Files (owned by
 * the recorder, shared with the other party, its length in the name), then removes the parts.
 */
export async function finishRecording(recording: FinishedRecording): Promise<void> {
  const client = await getSupabaseClient();
  const path = `${recording.folder}.webm`;
  const { error } = await client.storage
    .from(RECORDINGS_BUCKET)
    .upload(path, recording.blob, { contentType: 'video/webm', upsert: false });
  if (error) throw error;
  const name = `Video call, ${recording.ownName} and ${recording.partnerName}, ${when(recording.startedAt)} (${formatDuration(recording.seconds)}).webm`;
  const row = await client.from('files').insert({
    bucket: RECORDINGS_BUCKET,
    storage_path: path,
    name: name.replace(/[/\\]/g, '-').slice(0, 255),
    mime_type: 'video/webm',
    size_bytes: recording.blob.size,
    shared_with: [recording.partnerId],
  });
  if (row.error) throw toAppError(row.error);
  if (recording.parts.length) await client.storage.from(RECORDINGS_BUCKET).remove(recording.parts);
}
