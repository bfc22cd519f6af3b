import { getSupabaseClient, toAppError } from '@promatch/shared';
import { startResumableUpload } from '@promatch/shared/resumable-upload';
import { formatDuration } from '../../../lib/format-duration';

export const RECORDINGS_BUCKET = 'call-recordings';

/**
 * Where a recording lives: call-recordings/<conversation>/<recorder>/<recording id>.webm. Only
 * the conversation's two participants can read that folder.
 */
export const recordingPath = (conversationId: string, userId: string, recordingId: string) =>
  `${conversationId}/${userId}/${recordingId}.webm`;

/** Bytes per resumable PATCH while recording: about 11 s of a call at RECORDING_BITS_PER_SECOND. */
export const RECORDING_CHUNK_BYTES = 1024 * 1024;

/** A recording on its way to storage while the call goes on. */
export interface RecordingUpload {
  /** Queues the recorder's next piece, in order. */
  push(piece: Blob): void;
  /** No more pieces: resolves once the whole recording is stored. */
  finish(): Promise<void>;
}

/**
 * Streams a recording into one object through the resumable endpoint: pieces are sent as they
 * come (length told at the end), retried from the server's offset after a dropped connection.
 * If it fails for good the unfinished upload is ended, or expires within 24 hours; it is never
 * an object, so it never counts against the recorder's storage.
 */
export function startRecordingUpload(path: string): RecordingUpload {
  let feed: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => void (feed = controller),
  });
  let queue = Promise.resolve();
  const started = startResumableUpload(
    stream.getReader(),
    { bucket: RECORDINGS_BUCKET, name: path, contentType: 'video/webm' },
    { chunkSize: RECORDING_CHUNK_BYTES },
  );
  return {
    push(piece) {
      queue = queue.then(async () => feed?.enqueue(new Uint8Array(await piece.arrayBuffer())));
    },
    async finish() {
      await queue;
      feed?.close();
      const upload = await started;
      try {
        await upload.done;
      } catch (error) {
        await upload.abort().catch(() => undefined);
        throw error;
      }
    },
  };
}

export interface FinishedRecording {
  path: string;
  size: number;
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
 * Lists a stored recording in both parties' Files (owned by the recorder, shared with the other
 * party, its length in the name).
 */
export async function listRecording(recording: FinishedRecording): Promise<void> {
  const client = await getSupabaseClient();
  const name = `Video call, ${recording.ownName} and ${recording.partnerName}, ${when(recording.startedAt)} (${formatDuration(recording.seconds)}).webm`;
  const row = await client.from('files').insert({
    bucket: RECORDINGS_BUCKET,
    storage_path: recording.path,
    name: name.replace(/[/\\]/g, '-').slice(0, 255),
    mime_type: 'video/webm',
    size_bytes: recording.size,
    shared_with: [recording.partnerId],
  });
  if (row.error) throw toAppError(row.error);
}
