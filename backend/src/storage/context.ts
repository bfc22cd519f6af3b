import type { BackendConfig } from '../config/config.ts';
import type { Db } from '../db/types.ts';
import type { Caller } from '../http/caller.ts';
import type { BlobStore } from './blob-store.ts';

/** What every storage operation is built from. */
export interface StorageContext {
  db: Db;
  config: BackendConfig;
  store: BlobStore;
}

/** bucket/name of an object, as the routes decode it. */
export interface ObjectRef {
  bucket: string;
  name: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user an object belongs to: the caller's sub; none for the service role without one. */
export function ownerOf(caller: Caller): string | undefined {
  const sub = caller.claims.sub;
  return sub && uuidPattern.test(sub) ? sub : undefined;
}

export const fullKey = (ref: ObjectRef) => `${ref.bucket}/${ref.name}`;
