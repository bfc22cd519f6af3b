import type { Caller } from '../http/caller.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { ownerOf, type ObjectRef, type StorageContext } from './context.ts';
import { loadBucket } from './db.ts';
import { objectNotFound, StorageError } from './errors.ts';
import { listObjects } from './list.ts';
import { assertLookupName } from './names.ts';
import { copyObject, moveObject, readTransfer, removeObjects } from './manage.ts';
import { findObject, findVisibleObject, objectInfo, serveObject } from './read.ts';
import {
  createSignedUploadUrl,
  createSignedUrl,
  createSignedUrls,
  serveSigned,
  uploadToSignedUrl,
} from './signed.ts';
import { storeUpload } from './upload.ts';

type Body = Record<string, unknown>;

/** bucket/name from the decoded path segments; a control character in either answers 400. */
const toRef = (segments: string[]): ObjectRef | undefined =>
  segments.length >= 2
    ? {
        bucket: assertLookupName(segments[0]),
        name: assertLookupName(segments.slice(1).join('/')),
      }
    : undefined;

const isTrue = (value: string | string[] | undefined) => String(value).toLowerCase() === 'true';

async function servePublic(ctx: StorageContext, ref: ObjectRef, request: ApiRequest) {
  const bucket = await loadBucket(ctx.db, ref.bucket).catch(() => undefined);
  if (!bucket?.public) throw objectNotFound();
  return serveObject(ctx, await findObject(ctx.db, ref), request.query.get('download'));
}

/** Routes below /object that need no caller: public objects and signed URLs. */
export function anonymousObjectRoute(
  ctx: StorageContext,
  request: ApiRequest,
  segments: string[],
): Promise<ApiResponse> | undefined {
  const [kind, ...rest] = segments;
  const ref = toRef(rest);
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (!ref) return undefined;
  if (kind === 'public' && read) return servePublic(ctx, ref, request);
  if (kind === 'sign' && read) return serveSigned(ctx, ref, request);
  if (kind === 'upload' && rest[0] === 'sign' && request.method === 'PUT') {
    const target = toRef(rest.slice(1));
    return target ? uploadToSignedUrl(ctx, target, request) : undefined;
  }
  return undefined;
}

/** Routes below /object for a known caller, authorised by RLS as that caller. */
export async function objectRoute(
  ctx: StorageContext,
  caller: Caller,
  request: ApiRequest,
  segments: string[],
  body: () => Body,
): Promise<ApiResponse> {
  const { method } = request;
  const [first, ...rest] = segments;
  const ref = toRef(segments);
  const restRef = toRef(rest);
  const read = method === 'GET' || method === 'HEAD';
  if (method === 'POST' && first === 'list' && rest.length === 1)
    return listObjects(ctx, caller, assertLookupName(rest[0]), body());
  if (method === 'POST' && first === 'move') return moveObject(ctx, caller, readTransfer(body()));
  if (method === 'POST' && first === 'copy') return copyObject(ctx, caller, readTransfer(body()));
  if (method === 'POST' && first === 'sign' && rest.length === 1)
    return createSignedUrls(ctx, caller, assertLookupName(rest[0]), body());
  if (method === 'POST' && first === 'sign' && restRef)
    return createSignedUrl(ctx, caller, restRef, body().expiresIn);
  if (method === 'POST' && first === 'upload' && rest[0] === 'sign') {
    const target = toRef(rest.slice(1));
    if (target)
      return createSignedUploadUrl(ctx, caller, target, isTrue(request.headers['x-upsert']));
  }
  if (read && first === 'info' && restRef)
    return objectInfo(await findVisibleObject(ctx.db, caller, restRef));
  if (read && first === 'authenticated' && restRef)
    return serveObject(
      ctx,
      await findVisibleObject(ctx.db, caller, restRef),
      request.query.get('download'),
    );
  if (read && ref)
    return serveObject(
      ctx,
      await findVisibleObject(ctx.db, caller, ref),
      request.query.get('download'),
    );
  if ((method === 'POST' || method === 'PUT') && ref) {
    // PUT (update) replaces; POST replaces only with x-upsert: true, as storage-api.
    const upsert = method === 'PUT' || isTrue(request.headers['x-upsert']);
    return storeUpload(ctx, caller, ref, request, { upsert, owner: ownerOf(caller) });
  }
  if (method === 'DELETE' && segments.length === 1)
    return removeObjects(ctx, caller, assertLookupName(first), body().prefixes);
  if (method === 'DELETE' && ref) return removeObjects(ctx, caller, ref.bucket, [ref.name]);
  throw new StorageError(404, 'not_found', 'Route not found');
}
