import { createHash, randomUUID } from 'node:crypto';
import type { Transaction } from '../db/types.ts';
import type { Caller } from '../http/caller.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { fullKey, type ObjectRef, type StorageContext } from './context.ts';
import { asCaller, loadBucket, type BucketRow } from './db.ts';
import { StorageError, tooLarge } from './errors.ts';
import { assertValidObjectName } from './names.ts';
import { checkStorageQuota } from './quota.ts';
import { readUploadBody, type UploadBody } from './upload-body.ts';

export interface UploadMode {
  upsert: boolean;
  /** Whose plan pays and who owns the row: the caller, or the signer of a signed upload URL. */
  owner: string | undefined;
}

/** Bucket rules: size limit (413) and MIME allow list with `type/*` wildcards (415). */
export function checkBucketRules(
  ctx: StorageContext,
  bucket: BucketRow,
  object: { size: number; mimeType: string },
  serverLimit = ctx.config.storageMaxUploadBytes,
) {
  const limit = Math.min(bucket.file_size_limit ?? Infinity, serverLimit);
  if (object.size > limit) throw tooLarge();
  const allowed = bucket.allowed_mime_types;
  if (!allowed || allowed.length === 0) return;
  const [family] = object.mimeType.split('/');
  const ok = allowed.some((entry) => {
    const rule = entry.toLowerCase();
    return rule === object.mimeType || rule === `${family}/*` || rule === '*/*';
  });
  if (!ok)
    throw new StorageError(
      415,
      'invalid_mime_type',
      `mime type ${object.mimeType} is not supported`,
    );
}

function objectMetadata(body: UploadBody) {
  return {
    eTag: `"${createHash('md5').update(body.data).digest('hex')}"`,
    size: body.data.length,
    mimetype: body.mimeType,
    cacheControl: `max-age=${body.cacheControl}`,
    lastModified: new Date().toUTCString(),
    contentLength: body.data.length,
    httpStatusCode: 200,
  };
}

export const insertSql = `insert into storage.objects
  (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3::uuid, $4, $5, $6, $7)`;
export const upsertSql = `${insertSql} on conflict (bucket_id, name) do update set
  owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
  user_metadata = excluded.user_metadata, version = excluded.version,
  updated_at = now(), last_accessed_at = now()`;

export async function previousVersion(
  tx: Transaction,
  ref: ObjectRef,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ version: string | null }>(
    'select version from storage.objects where bucket_id = $1 and name = $2 for update',
    [ref.bucket, ref.name],
  );
  return rows[0]?.version ?? undefined;
}

/**
 * Stores an upload: the row is written as the caller (RLS decides), the bytes go to a temp file
 * renamed into place under a fresh version key inside the transaction, and nothing references
 * that key until the commit; any failure removes the bytes again.
 */
export async function storeUpload(
  ctx: StorageContext,
  caller: Caller,
  ref: ObjectRef,
  request: ApiRequest,
  mode: UploadMode,
): Promise<ApiResponse> {
  assertValidObjectName(ref.name);
  const bucket = await loadBucket(ctx.db, ref.bucket);
  const body = readUploadBody(request, ref.name);
  checkBucketRules(ctx, bucket, { size: body.data.length, mimeType: body.mimeType });
  const version = randomUUID();
  const params = [
    ref.bucket,
    ref.name,
    mode.owner ?? null,
    mode.owner ?? null,
    JSON.stringify(objectMetadata(body)),
    body.userMetadata ? JSON.stringify(body.userMetadata) : null,
    version,
  ];
  let replaced: string | undefined;
  let id: string;
  try {
    id = await asCaller(
      ctx.db,
      caller,
      async (tx) => {
        const sql = `${mode.upsert ? upsertSql : insertSql} returning id`;
        const { rows } = await tx.query<{ id: string }>(sql, params);
        await ctx.store.put(version, body.data, body.mimeType);
        return rows[0].id;
      },
      async (tx) => {
        const size = body.data.length;
        await checkStorageQuota(tx, mode.owner, { ...ref, size });
        if (mode.upsert) replaced = await previousVersion(tx, ref);
      },
    );
  } catch (error) {
    await ctx.store.remove(version);
    throw error;
  }
  if (replaced && replaced !== version) await ctx.store.remove(replaced);
  return { status: 200, body: { Id: id, Key: fullKey(ref) } };
}
