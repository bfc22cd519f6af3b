import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Db } from '../../db/types.ts';
import type { Caller } from '../../http/caller.ts';
import type { ObjectRef, StorageContext } from '../context.ts';
import { asCaller, loadBucket } from '../db.ts';
import { assertValidObjectName } from '../names.ts';
import { checkStorageQuota } from '../quota.ts';
import { checkBucketRules, insertSql, previousVersion, upsertSql } from '../upload.ts';
import type { StagedUpload, StagingArea } from './staging.ts';

/** Thrown to roll back a transaction that only had to prove it would succeed. */
class DryRun extends Error {}

const ownerOf = (upload: StagedUpload) => upload.owner ?? undefined;
const refOf = (upload: StagedUpload): ObjectRef => ({ bucket: upload.bucket, name: upload.name });

/**
 * The checks of a normal upload, at creation, before any byte is sent: a valid object name, the
 * bucket's size limit and MIME types, the plan's storage (counting the owner's other unfinished
 * uploads), and RLS: the row is inserted as the caller and rolled back.
 */
export async function checkUploadAllowed(
  ctx: StorageContext,
  staging: StagingArea,
  caller: Caller,
  upload: StagedUpload,
  size: number,
): Promise<void> {
  assertValidObjectName(upload.name);
  const bucket = await loadBucket(ctx.db, upload.bucket);
  checkBucketRules(
    ctx,
    bucket,
    { size, mimeType: upload.contentType },
    ctx.config.storageMaxResumableBytes,
  );
  const owner = ownerOf(upload);
  const reserved = owner ? await staging.reservedBy(owner, upload.id) : 0;
  const params = rowParams(upload, { size: 0 }, null);
  await asCaller(
    ctx.db,
    caller,
    async (tx) => {
      await tx.query(upload.upsert ? upsertSql : insertSql, params);
      throw new DryRun();
    },
    (tx) => checkStorageQuota(tx, owner, { ...refOf(upload), size: size + reserved }),
  ).catch((error: unknown) => {
    if (!(error instanceof DryRun)) throw error;
  });
}

function rowParams(upload: StagedUpload, meta: object, version: string | null) {
  const owner = upload.owner;
  return [
    upload.bucket,
    upload.name,
    owner,
    owner,
    JSON.stringify(meta),
    upload.userMetadata ? JSON.stringify(upload.userMetadata) : null,
    version,
  ];
}

async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function objectMetadata(upload: StagedUpload, file: string, size: number) {
  return {
    eTag: `"${await md5Of(file)}"`,
    size,
    mimetype: upload.contentType,
    cacheControl: `max-age=${upload.cacheControl}`,
    lastModified: new Date().toUTCString(),
    contentLength: size,
    httpStatusCode: 200,
  };
}

/**
 * Turns a complete upload into an object as a normal upload does: the bytes under a fresh
 * version key, the row written as the caller (RLS and the plan's storage decide again, now with
 * the real size), nothing referencing the key until the commit; on failure the key goes again.
 */
export async function commitUpload(
  ctx: StorageContext,
  staging: StagingArea,
  caller: Caller,
  upload: StagedUpload,
  size: number,
): Promise<string> {
  const bucket = await loadBucket(ctx.db, upload.bucket);
  const limit = ctx.config.storageMaxResumableBytes;
  checkBucketRules(ctx, bucket, { size, mimeType: upload.contentType }, limit);
  const file = staging.bytesFile(upload.id);
  const version = randomUUID();
  const params = rowParams(upload, await objectMetadata(upload, file, size), version);
  let replaced: string | undefined;
  let id: string;
  try {
    await ctx.store.putFile(version, file, upload.contentType);
    id = await commitRow(ctx.db, caller, upload, { params, size }, (previous) => {
      replaced = previous;
    });
  } catch (error) {
    await ctx.store.remove(version);
    throw error;
  }
  if (replaced && replaced !== version) await ctx.store.remove(replaced);
  return id;
}

async function commitRow(
  db: Db,
  caller: Caller,
  upload: StagedUpload,
  row: { params: unknown[]; size: number },
  onReplaced: (version: string | undefined) => void,
): Promise<string> {
  const owner = ownerOf(upload);
  const { params, size } = row;
  return asCaller(
    db,
    caller,
    async (tx) => {
      const sql = `${upload.upsert ? upsertSql : insertSql} returning id`;
      const { rows } = await tx.query<{ id: string }>(sql, params);
      return rows[0].id;
    },
    async (tx) => {
      await checkStorageQuota(tx, owner, { ...refOf(upload), size });
      if (upload.upsert) onReplaced(await previousVersion(tx, refOf(upload)));
    },
  );
}
