import type { Caller } from '../http/caller.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { fullKey, ownerOf, type ObjectRef, type StorageContext } from './context.ts';
import { asCaller } from './db.ts';
import { StorageError } from './errors.ts';
import { assertValidObjectName } from './names.ts';
import { findObject, findVisibleObject, serveObject } from './read.ts';
import { readExpiresIn, signObjectToken, verifyObjectToken } from './signing.ts';
import { storeUpload } from './upload.ts';

const secretOf = (ctx: StorageContext) => ctx.config.jwtSecret;

/** POST /object/sign/{bucket}/{name} {expiresIn}: only for an object the caller may read. */
export async function createSignedUrl(
  ctx: StorageContext,
  caller: Caller,
  ref: ObjectRef,
  expiresIn: unknown,
): Promise<ApiResponse> {
  const seconds = readExpiresIn(expiresIn);
  return { status: 200, body: { signedURL: await signedPath(ctx, caller, ref, seconds) } };
}

/**
 * The link to one object the caller may read, bound to its current version. The path is written
 * as storage-api writes it, unencoded: storage-js passes the link through encodeURI.
 */
async function signedPath(ctx: StorageContext, caller: Caller, ref: ObjectRef, seconds: number) {
  assertValidObjectName(ref.name);
  const row = await findVisibleObject(ctx.db, caller, ref);
  const claims = { url: fullKey(ref), version: row.version ?? row.id };
  const token = await signObjectToken(secretOf(ctx), claims, seconds);
  return `/object/sign/${fullKey(ref)}?token=${token}`;
}

/** POST /object/sign/{bucket} {expiresIn, paths}: one entry per path, an error where not readable. */
export async function createSignedUrls(
  ctx: StorageContext,
  caller: Caller,
  bucket: string,
  body: Record<string, unknown>,
): Promise<ApiResponse> {
  const seconds = readExpiresIn(body.expiresIn);
  const paths = Array.isArray(body.paths) ? body.paths.filter((p) => typeof p === 'string') : [];
  const entries = [];
  for (const name of paths as string[]) {
    const ref = { bucket, name };
    try {
      entries.push({
        error: null,
        path: name,
        signedURL: await signedPath(ctx, caller, ref, seconds),
      });
    } catch {
      entries.push({
        error: 'Either the object does not exist or you do not have access to it',
        path: name,
        signedURL: null,
      });
    }
  }
  return { status: 200, body: entries };
}

/**
 * GET /object/sign/{bucket}/{name}?token=: the token is the permission, for the version it was
 * made for only (a link without a version predates that rule and is refused).
 */
export async function serveSigned(ctx: StorageContext, ref: ObjectRef, request: ApiRequest) {
  const claims = await verifyObjectToken(secretOf(ctx), request.query.get('token'), fullKey(ref));
  const row = await findObject(ctx.db, ref);
  if (!claims.version || claims.version !== (row.version ?? row.id))
    throw new StorageError(
      400,
      'InvalidJWT',
      'The link was made for an earlier version of this object, which was replaced or deleted',
    );
  return serveObject(ctx, row, request.query.get('download'));
}

class DryRun extends Error {}

/**
 * POST /object/upload/sign/{bucket}/{name}: the caller must be allowed to insert there, tried
 * under RLS and rolled back; the token then lets anyone holding it upload once, for 2 hours.
 */
export async function createSignedUploadUrl(
  ctx: StorageContext,
  caller: Caller,
  ref: ObjectRef,
  upsert: boolean,
): Promise<ApiResponse> {
  assertValidObjectName(ref.name);
  const owner = ownerOf(caller);
  try {
    await asCaller(ctx.db, caller, async (tx) => {
      await tx.query(
        'insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3)',
        [ref.bucket, `${ref.name}`, owner ?? null],
      );
      throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  const token = await signObjectToken(secretOf(ctx), { url: fullKey(ref), owner, upsert }, 7200);
  return {
    status: 200,
    body: { url: `/object/upload/sign/${fullKey(ref)}?token=${token}`, token },
  };
}

/** PUT /object/upload/sign/{bucket}/{name}?token=: stored as the signer, bucket rules and quota apply. */
export async function uploadToSignedUrl(ctx: StorageContext, ref: ObjectRef, request: ApiRequest) {
  const claims = await verifyObjectToken(secretOf(ctx), request.query.get('token'), fullKey(ref));
  const server: Caller = { role: 'service_role', claims: { role: 'service_role' }, token: '' };
  const response = await storeUpload(ctx, server, ref, request, {
    upsert: claims.upsert === true,
    owner: claims.owner,
  });
  return response;
}
