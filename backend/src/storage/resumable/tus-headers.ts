import { z } from 'zod';
import type { ApiRequest } from '../../http/types.ts';
import { StorageError } from '../errors.ts';

export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS =
  'creation,creation-defer-length,creation-with-upload,termination,expiration';
/** What a PATCH body must be sent as. */
export const OFFSET_CONTENT_TYPE = 'application/offset+octet-stream';

export function header(request: ApiRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A 4xx in storage-api's shape (the route adds the TUS headers to every answer). */
export const tusError = (status: number, error: string, message: string) =>
  new StorageError(status, error, message);

/** Every TUS request names the protocol version; 412 (with the one we speak) otherwise. */
export function checkTusVersion(request: ApiRequest): void {
  if (header(request, 'tus-resumable') !== TUS_VERSION)
    throw tusError(412, 'Precondition Failed', `Tus-Resumable must be ${TUS_VERSION}`);
}

const byteCount = /^(0|[1-9][0-9]{0,15})$/;

/** A non-negative integer header (Upload-Length, Upload-Offset), or undefined when absent. */
export function byteHeader(request: ApiRequest, name: string): number | undefined {
  const value = header(request, name);
  if (value === undefined) return undefined;
  if (!byteCount.test(value.trim()) || Number(value) > Number.MAX_SAFE_INTEGER)
    throw tusError(400, 'InvalidRequest', `${name} must be a non-negative integer`);
  return Number(value);
}

/** Upload-Length, or null when the client defers it with Upload-Defer-Length: 1. */
export function declaredLength(request: ApiRequest): number | null {
  const length = byteHeader(request, 'upload-length');
  const defer = header(request, 'upload-defer-length');
  if (defer !== undefined && defer !== '1')
    throw tusError(400, 'InvalidRequest', 'Upload-Defer-Length must be 1');
  if (length !== undefined && defer !== undefined)
    throw tusError(400, 'InvalidRequest', 'Send Upload-Length or Upload-Defer-Length, not both');
  if (length === undefined && defer === undefined)
    throw tusError(400, 'InvalidRequest', 'Upload-Length or Upload-Defer-Length: 1 is required');
  return length ?? null;
}

const metadataSchema = z.object({
  bucketName: z.string().min(1, 'bucketName is required').max(100),
  objectName: z.string().min(1, 'objectName is required'),
  contentType: z
    .string()
    .max(255)
    .regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, 'contentType is not a MIME type')
    .optional(),
  cacheControl: z
    .string()
    .regex(/^(max-age=)?\d{1,10}$/, 'cacheControl must be a number of seconds')
    .optional(),
  metadata: z.string().max(8192).optional(),
});

export type UploadMetadata = z.infer<typeof metadataSchema>;

const decode = (value: string): string => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value))
    throw tusError(400, 'InvalidRequest', 'Upload-Metadata values must be base64');
  return Buffer.from(value, 'base64').toString('utf8');
};

/** Upload-Metadata: comma-separated `key base64(value)` pairs, checked against what we accept. */
export function parseUploadMetadata(request: ApiRequest): UploadMetadata {
  const text = header(request, 'upload-metadata') ?? '';
  if (text.length > 16_384) throw tusError(400, 'InvalidRequest', 'Upload-Metadata is too long');
  const pairs: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const [key, value = '', ...rest] = pair.trim().split(' ');
    if (!key) continue;
    if (rest.length || key in pairs)
      throw tusError(400, 'InvalidRequest', 'Upload-Metadata is malformed');
    pairs[key] = decode(value);
  }
  const parsed = metadataSchema.safeParse(pairs);
  if (!parsed.success)
    throw tusError(400, 'InvalidRequest', parsed.error.issues[0]?.message ?? 'bad Upload-Metadata');
  return parsed.data;
}

/** The user metadata a client may attach (a JSON object), or null. */
export function parseUserMetadata(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw tusError(400, 'InvalidRequest', 'metadata must be a JSON object');
}
