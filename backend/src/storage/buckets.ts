import type { Caller } from '../http/caller.ts';
import type { ApiResponse } from '../http/types.ts';
import type { StorageContext } from './context.ts';
import { listBuckets, loadBucket } from './db.ts';
import { invalidRequest, StorageError } from './errors.ts';
import { removeObjects } from './manage.ts';

const units: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** file_size_limit as storage-js sends it: bytes, or a string such as '5MB'. */
function readSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(String(value).trim());
  if (!match) throw invalidRequest(`Invalid file_size_limit: ${String(value)}`);
  return Math.round(Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]);
}

function readSettings(body: Record<string, unknown>) {
  const mimeTypes = body.allowed_mime_types;
  return {
    public: body.public === true,
    limit: readSizeLimit(body.file_size_limit),
    mimeTypes: Array.isArray(mimeTypes) ? mimeTypes.map(String) : null,
  };
}

function requireServiceRole(caller: Caller) {
  if (caller.role !== 'service_role')
    throw new StorageError(403, 'Unauthorized', 'Only the service role manages buckets');
}

/** The bucket endpoints. Only the service role manages buckets (ours come from migrations). */
export async function bucketRequest(
  ctx: StorageContext,
  caller: Caller,
  method: string,
  segments: string[],
  body: Record<string, unknown>,
): Promise<ApiResponse> {
  requireServiceRole(caller);
  const [id, action] = segments;
  if (method === 'GET' && !id) return { status: 200, body: await listBuckets(ctx.db) };
  if (method === 'GET') return { status: 200, body: await loadBucket(ctx.db, id) };
  if (method === 'POST' && !id) {
    const name = String(body.name ?? body.id ?? '');
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw invalidRequest('Bucket name invalid');
    const s = readSettings(body);
    await ctx.db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4)`,
      [name, s.public, s.limit, s.mimeTypes],
    );
    return { status: 200, body: { name } };
  }
  await loadBucket(ctx.db, id);
  if (method === 'PUT') {
    const s = readSettings(body);
    await ctx.db.query(
      `update storage.buckets set public = $2, file_size_limit = $3, allowed_mime_types = $4,
       updated_at = now() where id = $1`,
      [id, s.public, s.limit, s.mimeTypes],
    );
    return { status: 200, body: { message: 'Successfully updated' } };
  }
  if (method === 'POST' && action === 'empty') {
    const { rows } = await ctx.db.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1',
      [id],
    );
    await removeObjects(
      ctx,
      caller,
      id,
      rows.map((row) => row.name),
    );
    return { status: 200, body: { message: 'Successfully emptied' } };
  }
  if (method === 'DELETE') {
    const { rows } = await ctx.db.query(
      'select 1 from storage.objects where bucket_id = $1 limit 1',
      [id],
    );
    if (rows.length)
      throw new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
    await ctx.db.query('delete from storage.buckets where id = $1', [id]);
    return { status: 200, body: { message: 'Successfully deleted' } };
  }
  throw new StorageError(404, 'not_found', 'Route not found');
}
