import { DetailedError, Upload } from 'tus-js-client';
import { loadRuntimeConfig } from '../config/runtime-config';
import { getSupabaseClient } from '../supabase/client';

/** Files above this go through the resumable endpoint; smaller ones in one request. */
export const RESUMABLE_THRESHOLD_BYTES = 6 * 1024 * 1024;
/** Bytes per PATCH: Supabase Storage's chunk size for TUS uploads. */
export const RESUMABLE_CHUNK_BYTES = 6 * 1024 * 1024;
/**
 * Waits before each retry after a failed request (a dropped connection, a restarting server):
 * about two and a half minutes in all before the upload reports an error.
 */
export const RESUMABLE_RETRY_DELAYS_MS = [
  0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 40_000, 40_000,
];

export interface ResumableTarget {
  bucket: string;
  /** The object's name inside the bucket (`<user id>/...`). */
  name: string;
  contentType: string;
  upsert?: boolean;
}

export interface ResumableOptions {
  /** Percent of a known length, called as chunks are acknowledged. */
  onProgress?: (percent: number) => void;
  /** Bytes per PATCH (default RESUMABLE_CHUNK_BYTES). */
  chunkSize?: number;
}

/** A running resumable upload: `done` settles when the object is stored or the upload failed. */
export interface ResumableUpload {
  done: Promise<void>;
  /** Stops sending and asks the server to remove what arrived (else it expires within 24 hours). */
  abort(): Promise<void>;
}

/** A failed resumable upload: the server's message and status (0 when no answer came). */
export class ResumableUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ResumableUploadError';
  }
}

function uploadError(error: Error): ResumableUploadError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new ResumableUploadError('The upload could not reach the server', 0);
  const status = response.getStatus();
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown };
    if (typeof body.message === 'string') return new ResumableUploadError(body.message, status);
  } catch {
    // not JSON: the status says it
  }
  return new ResumableUploadError(`Upload failed (${status})`, status);
}

/** What tus-js-client reads from: a whole Blob, or a reader of a stream whose end is unknown. */
export type ResumableSource = Blob | ReadableStreamDefaultReader<Uint8Array>;

/**
 * Uploads through /storage/v1/upload/resumable (TUS, as Supabase Storage speaks it), with the
 * signed-in user's current token on every request, retrying from the server's offset after a
 * dropped connection. A stream reader sends as it is read, with the length given at the end.
 */
export async function startResumableUpload(
  source: ResumableSource,
  target: ResumableTarget,
  options: ResumableOptions = {},
): Promise<ResumableUpload> {
  const [config, supabase] = await Promise.all([loadRuntimeConfig(), getSupabaseClient()]);
  const streaming = !(source instanceof Blob);
  const settle = { resolve: () => {}, reject: (_error: Error) => {} };
  const done = new Promise<void>((resolve, reject) => Object.assign(settle, { resolve, reject }));
  const upload = new Upload(source, {
    endpoint: `${config.supabaseUrl}/storage/v1/upload/resumable`,
    chunkSize: options.chunkSize ?? RESUMABLE_CHUNK_BYTES,
    retryDelays: RESUMABLE_RETRY_DELAYS_MS,
    uploadLengthDeferred: streaming,
    // Resuming happens within the page (retries keep the upload URL); callers name each upload
    // afresh, so an upload from an earlier page would finish under a name nobody records.
    storeFingerprintForResuming: false,
    headers: { apikey: config.supabaseAnonKey, 'x-upsert': target.upsert ? 'true' : 'false' },
    metadata: {
      bucketName: target.bucket,
      objectName: target.name,
      contentType: target.contentType,
      cacheControl: '3600',
    },
    // The session's token now, not when the upload began: an hour's recording outlives one.
    onBeforeRequest: async (request) => {
      const { data } = await supabase.auth.getSession();
      const token = data.session?.access_token;
      if (token) request.setHeader('authorization', `Bearer ${token}`);
    },
    onProgress: (sent, total) => {
      if (total > 0) options.onProgress?.(Math.round((sent / total) * 100));
    },
    onSuccess: () => settle.resolve(),
    onError: (error) => settle.reject(uploadError(error)),
  });
  upload.start();
  return { done, abort: () => upload.abort(true) };
}
