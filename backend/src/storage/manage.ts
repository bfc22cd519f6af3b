import { randomUUID } from 'node:crypto';
import type { Caller } from '../http/caller.ts';
import type { ApiResponse } from '../http/types.ts';
import { fullKey, ownerOf, type ObjectRef, type StorageContext } from './context.ts';
import { asCaller, loadBucket } from './db.ts';
import { invalidRequest, objectNotFound } from './errors.ts';
import { assertLookupName, assertValidObjectName } from './names.ts';
import { checkStorageQuota } from './quota.ts';
import { findObject, type ObjectRow } from './read.ts';
import { checkBucketRules } from './upload.ts';

interface Removed {
  version: string | null;
}

/** DELETE /object/{bucket} {prefixes}: deletes what RLS lets the caller delete; answers those rows. */
export async function removeObjects(
  ctx: StorageContext,
  caller: Caller,
  bucket: string,
  names: unknown,
): Promise<ApiResponse> {
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string'))
    throw invalidRequest('prefixes must be an array of object names');
  names.forEach(assertLookupName);
  const deleted = await asCaller(ctx.db, caller, async (tx) => {
    const { rows } = await tx.query<Removed & Record<string, unknown>>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning id, name, bucket_id, owner, owner_id, version, metadata, created_at, updated_at,
         last_accessed_at`,
      [bucket, names],
    );
    return rows;
  });
  // The rows are gone for good once committed; the bytes follow.
  await Promise.all(deleted.map((row) => (row.version ? ctx.store.remove(row.version) : null)));
  return { status: 200, body: deleted };
}

export interface Transfer {
  from: ObjectRef;
  to: ObjectRef;
}

/** Reads {bucketId, sourceKey, destinationKey, destinationBucket?} of move and copy. */
export function readTransfer(body: Record<string, unknown>): Transfer {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = body;
  if (typeof bucketId !== 'string' || typeof sourceKey !== 'string')
    throw invalidRequest('bucketId and sourceKey are required');
  if (typeof destinationKey !== 'string' || !destinationKey)
    throw invalidRequest('destinationKey is required');
  const toBucket = typeof destinationBucket === 'string' ? destinationBucket : bucketId;
  // The source only has to be found; the destination is a new name and must be a valid one.
  return {
    from: { bucket: assertLookupName(bucketId), name: assertLookupName(sourceKey) },
    to: { bucket: assertLookupName(toBucket), name: assertValidObjectName(destinationKey) },
  };
}

/** Moving or copying into another bucket must pass that bucket's size and MIME rules. */
async function checkDestination(ctx: StorageContext, transfer: Transfer, source?: ObjectRow) {
  const bucket = await loadBucket(ctx.db, transfer.to.bucket);
  if (transfer.to.bucket === transfer.from.bucket || !source) return;
  const meta = source.metadata ?? {};
  const mimeType = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream';
  checkBucketRules(ctx, bucket, { size: Number(meta.size ?? 0), mimeType });
}

/** POST /object/move: renames the row (RLS update policy checks both old and new name). */
export async function moveObject(
  ctx: StorageContext,
  caller: Caller,
  transfer: Transfer,
): Promise<ApiResponse> {
  await checkDestination(
    ctx,
    transfer,
    await findObject(ctx.db, transfer.from).catch(() => undefined),
  );
  const moved = await asCaller(ctx.db, caller, async (tx) => {
    const { rows } = await tx.query(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
       where bucket_id = $1 and name = $2 returning id`,
      [transfer.from.bucket, transfer.from.name, transfer.to.bucket, transfer.to.name],
    );
    return rows.length;
  });
  if (moved === 0) throw objectNotFound();
  return { status: 200, body: { message: 'Successfully moved' } };
}

/** POST /object/copy: the caller must see the source and may insert the copy; counts to quota. */
export async function copyObject(
  ctx: StorageContext,
  caller: Caller,
  transfer: Transfer,
): Promise<ApiResponse> {
  const source = await findObject(ctx.db, transfer.from).catch(() => undefined);
  await checkDestination(ctx, transfer, source);
  const size = Number(source?.metadata?.size ?? 0);
  const version = randomUUID();
  const owner = ownerOf(caller);
  let id: string;
  try {
    id = await asCaller(
      ctx.db,
      caller,
      async (tx) => {
        const { rows } = await tx.query<{ id: string; from_version: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           select $3, $4, $5::uuid, $5, metadata, user_metadata, $6 from storage.objects
           where bucket_id = $1 and name = $2 returning id`,
          [
            transfer.from.bucket,
            transfer.from.name,
            transfer.to.bucket,
            transfer.to.name,
            owner ?? null,
            version,
          ],
        );
        if (!rows[0] || !source?.version) throw objectNotFound();
        await ctx.store.copy(source.version, version);
        return rows[0].id;
      },
      (tx) => checkStorageQuota(tx, owner, { ...transfer.to, size }),
    );
  } catch (error) {
    await ctx.store.remove(version);
    throw error;
  }
  return { status: 200, body: { Id: id, Key: fullKey(transfer.to) } };
}
