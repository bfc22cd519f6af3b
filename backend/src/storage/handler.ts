import type { AppContext } from '../app-context.ts';
import { CallerError, identifyCaller } from '../http/caller.ts';
import { endedSessionMessage, tokenIsLive } from '../http/live-token.ts';
import { pathSegments, readJsonObject } from '../http/input.ts';
import type { ApiHandler, ApiRequest } from '../http/types.ts';
import { createDiskStore, type BlobStore } from './blob-store.ts';
import { bucketRequest } from './buckets.ts';
import type { StorageContext } from './context.ts';
import { StorageError, toStorageResponse } from './errors.ts';
import { anonymousObjectRoute, objectRoute } from './objects.ts';
import { createResumableUploads, type ResumableUploads } from './resumable/route.ts';
import { createS3Store } from './s3-store.ts';

/** S3-compatible storage when STORAGE_S3_* is set, otherwise files under dataDir/storage. */
export function createBlobStore(ctx: AppContext): BlobStore {
  const s3 = ctx.config.storageS3;
  return s3 ? createS3Store(s3) : createDiskStore(ctx.config.storageDir);
}

async function route(
  sc: StorageContext,
  app: AppContext,
  request: ApiRequest,
  resumable: ResumableUploads,
) {
  const [surface, ...segments] = pathSegments(request.path);
  if (surface === 'object') {
    const anonymous = anonymousObjectRoute(sc, request, segments);
    if (anonymous) return anonymous;
  }
  const caller = await identifyCaller(app.keys, request.headers);
  // A signed-out or suspended user's token is refused at once, as REST refuses it.
  if (!(await tokenIsLive(app.db, caller.claims))) throw new CallerError(endedSessionMessage);
  const body = () => readJsonObject(request);
  if (surface === 'object') return objectRoute(sc, caller, request, segments, body);
  if (surface === 'bucket') return bucketRequest(sc, caller, request.method, segments, body());
  if (surface === 'upload' && segments[0] === 'resumable')
    return resumable.route(caller, request, segments.slice(1));
  throw new StorageError(404, 'not_found', 'Route not found');
}

/** The storage-api-compatible surface mounted at /storage/v1. */
export function createStorageHandler(app: AppContext, store = createBlobStore(app)): ApiHandler {
  const sc: StorageContext = { db: app.db, config: app.config, store };
  const resumable = createResumableUploads(sc);
  return async (request) => {
    try {
      return await route(sc, app, request, resumable);
    } catch (error) {
      if (error instanceof CallerError)
        return new StorageError(403, 'Unauthorized', error.message).toResponse();
      return toStorageResponse(error);
    }
  };
}
