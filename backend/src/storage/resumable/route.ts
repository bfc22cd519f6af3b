import type { Caller } from '../../http/caller.ts';
import type { ApiRequest, ApiResponse } from '../../http/types.ts';
import { ownerOf, type StorageContext } from '../context.ts';
import { StorageError, toStorageResponse } from '../errors.ts';
import { assertValidObjectName } from '../names.ts';
import { detectMimeType } from '../upload-body.ts';
import { checkUploadAllowed, commitUpload } from './commit.ts';
import { StagingArea, type StagedUpload } from './staging.ts';
import {
  byteHeader,
  checkTusVersion,
  declaredLength,
  header,
  OFFSET_CONTENT_TYPE,
  parseUploadMetadata,
  parseUserMetadata,
  TUS_EXTENSIONS,
  TUS_VERSION,
  tusError,
} from './tus-headers.ts';

/** Where clients send TUS requests, below /storage/v1. */
export const RESUMABLE_PATH = '/upload/resumable';

const notFound = () => tusError(404, 'not_found', 'Upload not found');

export interface ResumableUploads {
  route(caller: Caller, request: ApiRequest, segments: string[]): Promise<ApiResponse>;
  /** Removes expired uploads now (the timer does it every few minutes). */
  sweep(): Promise<number>;
}

/**
 * The TUS 1.0 protocol at /storage/v1/upload/resumable, as Supabase Storage speaks it: creation
 * (with deferred length and with upload), HEAD for the offset, PATCH, termination, expiration.
 * Only the user who created an upload can see, continue or delete it; the finished upload
 * becomes an object through the same checks as a normal upload.
 */
export function createResumableUploads(ctx: StorageContext): ResumableUploads {
  const staging = new StagingArea(`${ctx.config.storageDir}/resumable`);
  const expiryMs = ctx.config.storageResumableExpirySeconds * 1000;
  const locks = new Map<string, Promise<unknown>>();
  const sweep = () => staging.sweep();
  const every = Math.max(1000, Math.min(expiryMs / 2, 10 * 60 * 1000));
  const timer = setInterval(() => void sweep().catch(logSweepError), every);
  timer.unref();
  void sweep().catch(logSweepError);

  /** One request at a time per upload, so two PATCHes cannot both write at one offset. */
  function locked<T>(id: string, work: () => Promise<T>): Promise<T> {
    const before = locks.get(id) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    locks.set(id, settled);
    void settled.then(() => {
      if (locks.get(id) === settled) locks.delete(id);
    });
    return run;
  }

  async function ownUpload(caller: Caller, id: string): Promise<StagedUpload> {
    const upload = await staging.load(id);
    // Someone else's upload answers exactly as one that does not exist.
    if (!upload || upload.owner !== uploaderOf(caller)) throw notFound();
    if (upload.expiresAt <= Date.now()) {
      await staging.remove(id);
      throw notFound();
    }
    return upload;
  }

  async function finish(caller: Caller, upload: StagedUpload, size: number): Promise<void> {
    try {
      await commitUpload(ctx, staging, caller, upload, size);
    } catch (error) {
      // Refused for good (RLS, plan, limits, an existing object): the parts go at once.
      if (isRefusal(error)) await staging.remove(upload.id);
      throw error;
    }
    await staging.save({ ...upload, length: size, done: true });
    await staging.removeBytes(upload.id);
  }

  async function append(caller: Caller, upload: StagedUpload, request: ApiRequest, offset: number) {
    if (upload.done) throw tusError(409, 'Conflict', 'The upload is already complete');
    const current = await staging.offset(upload.id);
    if (offset !== current)
      throw tusError(409, 'Conflict', `Upload-Offset is ${offset}, the upload is at ${current}`);
    const length = finalLength(upload, request);
    const next = current + request.body.length;
    if (length !== null && next > length)
      throw tusError(413, 'Payload too large', 'The body goes past Upload-Length');
    // A deferred length is checked as it grows; a declared one was checked at creation.
    if (upload.length === null) await checkUploadAllowed(ctx, staging, caller, upload, next);
    if (length !== upload.length) await staging.save({ ...upload, length });
    await staging.append(upload.id, request.body);
    if (length !== null && next === length) await finish(caller, { ...upload, length }, length);
    return next;
  }

  async function create(caller: Caller, request: ApiRequest): Promise<ApiResponse> {
    const length = declaredLength(request);
    if (length !== null && length > ctx.config.storageMaxResumableBytes)
      throw tusError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    const meta = parseUploadMetadata(request);
    const now = Date.now();
    const upload: StagedUpload = {
      id: staging.newId(),
      owner: uploaderOf(caller),
      bucket: meta.bucketName,
      name: assertValidObjectName(meta.objectName),
      contentType: detectMimeType(meta.contentType, meta.objectName),
      cacheControl: meta.cacheControl?.replace(/^max-age=/, '') ?? '3600',
      upsert: header(request, 'x-upsert') === 'true',
      userMetadata: parseUserMetadata(meta.metadata),
      length,
      createdAt: now,
      expiresAt: now + expiryMs,
      done: false,
    };
    await checkUploadAllowed(ctx, staging, caller, upload, length ?? 0);
    await staging.create(upload);
    const headers = {
      location: `/storage/v1${RESUMABLE_PATH}/${upload.id}`,
      ...expiryHeader(upload),
    };
    const withBody = request.body.length > 0 || length === 0;
    if (!withBody) return { status: 201, headers };
    if (length !== 0) checkOffsetContentType(request);
    const offset = await locked(upload.id, () => append(caller, upload, request, 0));
    return { status: 201, headers: { ...headers, 'upload-offset': String(offset) } };
  }

  async function head(caller: Caller, id: string): Promise<ApiResponse> {
    return locked(id, async () => {
      let upload = await ownUpload(caller, id);
      const offset = upload.done ? (upload.length ?? 0) : await staging.offset(id);
      // Every byte arrived but the object was not stored (a crash between): store it now.
      if (!upload.done && upload.length !== null && offset === upload.length) {
        await finish(caller, upload, offset);
        upload = { ...upload, done: true };
      }
      const lengthHeader: Record<string, string> =
        upload.length === null
          ? { 'upload-defer-length': '1' }
          : { 'upload-length': String(upload.length) };
      return {
        status: 200,
        headers: {
          'upload-offset': String(offset),
          ...lengthHeader,
          'cache-control': 'no-store',
          ...expiryHeader(upload),
        },
      };
    });
  }

  async function patch(caller: Caller, id: string, request: ApiRequest): Promise<ApiResponse> {
    checkOffsetContentType(request);
    const at = byteHeader(request, 'upload-offset');
    if (at === undefined) throw tusError(400, 'InvalidRequest', 'Upload-Offset is required');
    return locked(id, async () => {
      const upload = await ownUpload(caller, id);
      const offset = await append(caller, upload, request, at);
      return { status: 204, headers: { 'upload-offset': String(offset), ...expiryHeader(upload) } };
    });
  }

  async function terminate(caller: Caller, id: string): Promise<ApiResponse> {
    return locked(id, async () => {
      await ownUpload(caller, id);
      await staging.remove(id);
      return { status: 204 };
    });
  }

  async function dispatch(caller: Caller, request: ApiRequest, segments: string[]) {
    if (caller.role === 'anon')
      throw tusError(403, 'Unauthorized', 'Resumable uploads need a signed-in user');
    checkTusVersion(request);
    const [id, ...rest] = segments;
    if (rest.length) throw notFound();
    if (id === undefined) {
      if (request.method !== 'POST') throw tusError(405, 'Method Not Allowed', 'Use POST');
      return create(caller, request);
    }
    if (request.method === 'HEAD' || request.method === 'GET') return head(caller, id);
    if (request.method === 'PATCH') return patch(caller, id, request);
    if (request.method === 'DELETE') return terminate(caller, id);
    throw tusError(405, 'Method Not Allowed', 'Use HEAD, PATCH or DELETE');
  }

  return {
    sweep,
    async route(caller, request, segments) {
      let response: ApiResponse;
      try {
        response = await dispatch(caller, request, segments);
      } catch (error) {
        response = toStorageResponse(error);
        if (response.status === 412) response.headers = { 'tus-version': TUS_VERSION };
      }
      const tus = { 'tus-resumable': TUS_VERSION, 'tus-extension': TUS_EXTENSIONS };
      const max = { 'tus-max-size': String(ctx.config.storageMaxResumableBytes) };
      return { ...response, headers: { ...response.headers, ...tus, ...max } };
    },
  };
}

/** Whose upload this is: the user, or null for the service role. */
function uploaderOf(caller: Caller): string | null {
  return ownerOf(caller) ?? null;
}

function finalLength(upload: StagedUpload, request: ApiRequest): number | null {
  const given = byteHeader(request, 'upload-length');
  if (given === undefined) return upload.length;
  if (upload.length !== null && given !== upload.length)
    throw tusError(400, 'InvalidRequest', 'Upload-Length cannot change');
  return given;
}

function checkOffsetContentType(request: ApiRequest): void {
  const type = header(request, 'content-type')?.split(';')[0].trim().toLowerCase();
  if (type !== OFFSET_CONTENT_TYPE)
    throw tusError(415, 'invalid_mime_type', `Content-Type must be ${OFFSET_CONTENT_TYPE}`);
}

const expiryHeader = (upload: StagedUpload) => ({
  'upload-expires': new Date(upload.expiresAt).toUTCString(),
});

/** A final answer (4xx): the upload cannot succeed however often it is retried. */
function isRefusal(error: unknown): boolean {
  if (error instanceof StorageError) return error.status < 500;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === '42501' || code === '23503';
}

const logSweepError = (error: unknown) =>
  console.error('[storage] sweeping expired resumable uploads failed:', error);
