import type { Db, Transaction } from '../db/types.ts';
import type { Caller } from '../http/caller.ts';
import { bucketNotFound } from './errors.ts';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

// Transaction-local, as PostgREST does it, so nothing leaks into the next request.
const becomeCallerSql = `select set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true), set_config('search_path', 'storage, public, extensions', true)`;

/**
 * Runs `work` in one transaction as the caller's role with their claims, so RLS on
 * storage.objects decides (service_role bypasses it). `beforeRole` runs first as the server's
 * own user: trusted checks such as the plan quota, inside the same transaction.
 */
export async function asCaller<T>(
  db: Db,
  caller: Caller,
  work: (tx: Transaction) => Promise<T>,
  beforeRole?: (tx: Transaction) => Promise<void>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (beforeRole) await beforeRole(tx);
    await tx.query(becomeCallerSql, [caller.role, JSON.stringify(caller.claims)]);
    return work(tx);
  });
}

const bucketColumns = `id, name, owner, public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`;

/** A bucket's settings, read as the server (limits apply to everyone, whoever may see the row). */
export async function loadBucket(db: Db, id: string): Promise<BucketRow> {
  const { rows } = await db.query<BucketRow>(
    `select ${bucketColumns} from storage.buckets where id = $1`,
    [id],
  );
  if (!rows[0]) throw bucketNotFound();
  return rows[0];
}

export async function listBuckets(db: Db): Promise<BucketRow[]> {
  const { rows } = await db.query<BucketRow>(
    `select ${bucketColumns} from storage.buckets order by name`,
  );
  return rows;
}
