import { MalformedInputError, type MalformedAnswer } from '../http/input.ts';
import type { ApiResponse } from '../http/types.ts';

/** An error in storage-api's shape: {statusCode, error, message}, statusCode as a string. */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  toResponse(): ApiResponse {
    return {
      status: this.status,
      body: { statusCode: String(this.status), error: this.error, message: this.message },
    };
  }
}

export const objectNotFound = () => new StorageError(404, 'not_found', 'Object not found');
export const bucketNotFound = () => new StorageError(404, 'Bucket not found', 'Bucket not found');
export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', message);
export const tooLarge = () =>
  new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');

const pgMessages: Record<string, StorageError> = {
  '23505': new StorageError(409, 'Duplicate', 'The resource already exists'),
  '42501': new StorageError(403, 'Unauthorized', 'new row violates row-level security policy'),
  '23503': invalidRequest('The bucket or a referenced row does not exist'),
  '22P02': invalidRequest('Invalid input syntax'),
};

/**
 * 42501 as Supabase Storage answers it: 403 with the database's own message (a trigger's plain
 * refusal, such as the plan's file_storage limit), or the fixed RLS sentence for a policy.
 */
function accessDenied(error: unknown): StorageError {
  const message = error instanceof Error ? error.message : '';
  if (!message || message.includes('row-level security')) return pgMessages['42501'];
  return new StorageError(403, 'Unauthorized', message);
}

/** Maps anything thrown while serving a request to a storage-api error response. */
export function toStorageResponse(error: unknown): ApiResponse {
  if (error instanceof StorageError) return error.toResponse();
  if (error instanceof MalformedInputError) {
    const name = error.kind === 'too_large' ? 'Payload too large' : 'InvalidRequest';
    return new StorageError(error.status, name, error.message).toResponse();
  }
  const code = (error as { code?: unknown }).code;
  if (code === '42501') return accessDenied(error).toResponse();
  if (typeof code === 'string' && pgMessages[code]) return pgMessages[code].toResponse();
  console.error('[storage] unexpected error:', error);
  return new StorageError(500, 'internal', 'Internal server error').toResponse();
}

/** /storage/v1's answer to malformed input, in storage-api's error shape. */
export const malformedStorage: MalformedAnswer = (error) => toStorageResponse(error);
