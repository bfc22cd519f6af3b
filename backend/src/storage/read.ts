import type { Db } from '../db/types.ts';
import type { Caller } from '../http/caller.ts';
import type { ApiResponse } from '../http/types.ts';
import type { ObjectRef, StorageContext } from './context.ts';
import { asCaller } from './db.ts';
import { objectNotFound } from './errors.ts';

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const selectSql = `select id, name, bucket_id, version, metadata, user_metadata,
  created_at, updated_at, last_accessed_at from storage.objects where bucket_id = $1 and name = $2`;

/** The object row as the caller may see it (RLS), or 404. */
export async function findVisibleObject(
  db: Db,
  caller: Caller,
  ref: ObjectRef,
): Promise<ObjectRow> {
  const row = await asCaller(db, caller, async (tx) => {
    const { rows } = await tx.query<ObjectRow>(selectSql, [ref.bucket, ref.name]);
    return rows[0];
  });
  if (!row) throw objectNotFound();
  return row;
}

/** The object row regardless of RLS: public buckets and signed URLs decide access otherwise. */
export async function findObject(db: Db, ref: ObjectRef): Promise<ObjectRow> {
  const { rows } = await db.query<ObjectRow>(selectSql, [ref.bucket, ref.name]);
  if (!rows[0]) throw objectNotFound();
  return rows[0];
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/**
 * Types a browser shows without running anything of the file's: these may be served inline.
 * Everything else (SVG, HTML, XML, scripts, unknown types) could run script on the API's origin
 * when opened, so it is always served as an attachment.
 */
const inlineTypes =
  /^(image\/(png|jpeg|gif|webp|avif|bmp)|audio\/[\w.+-]+|video\/[\w.+-]+|text\/plain|text\/csv|application\/pdf|application\/json)$/;

/**
 * Sent with every object: no type sniffing, and a sandbox, so even a file opened inline runs no
 * script with the API origin's cookies or storage.
 */
const objectSafetyHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': 'sandbox',
};

function attachment(name: string): string {
  return `attachment; filename="${encodeURIComponent(name)}"`;
}

/**
 * The bytes with storage-api's headers; `download` asks for an attachment, and active content is
 * an attachment whether asked or not.
 */
export async function serveObject(
  ctx: StorageContext,
  row: ObjectRow,
  download: string | null,
): Promise<ApiResponse> {
  const data = row.version ? await ctx.store.get(row.version) : undefined;
  if (!data) throw objectNotFound();
  const meta = row.metadata ?? {};
  const contentType = text(meta.mimetype, 'application/octet-stream');
  const headers: Record<string, string> = {
    'content-type': contentType,
    'cache-control': text(meta.cacheControl, 'no-cache'),
    etag: text(meta.eTag, ''),
    'last-modified': new Date(row.updated_at).toUTCString(),
    ...objectSafetyHeaders,
  };
  const bareType = contentType.split(';')[0].trim().toLowerCase();
  if (download !== null || !inlineTypes.test(bareType)) {
    headers['content-disposition'] = attachment(
      download || row.name.split('/').pop() || 'download',
    );
  }
  return { status: 200, headers, body: data };
}

/** GET /object/info/...: the row as storage-js's info() expects it. */
export function objectInfo(row: ObjectRow): ApiResponse {
  const meta = row.metadata ?? {};
  return {
    status: 200,
    body: {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: row.user_metadata ?? {},
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
  };
}
