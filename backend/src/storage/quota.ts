import type { Transaction } from '../db/types.ts';
import { StorageError } from './errors.ts';

const megabyte = 1024 * 1024;

// Serialises one user's uploads so two at once cannot both slip under the limit.
const lockSql = `select pg_advisory_xact_lock(hashtext('storage-quota:' || $1))`;

// The plan's file_storage limit (MB, -1 unlimited); no active subscription means free.
const limitSql = `select (p.limits ->> 'file_storage')::float8 as limit_mb
  from public.subscription_plans p
  where p.type = coalesce((select s.plan_type from public.user_subscriptions s
    where s.user_id = $1::uuid and s.status = 'active'), 'free')`;

// What the user already stores, leaving out the object being replaced (upsert).
const usedSql = `select coalesce(sum((metadata ->> 'size')::float8), 0)::float8 as used
  from storage.objects where owner_id = $1 and not (bucket_id = $2 and name = $3)`;

/**
 * Whether the storage server checks the limit itself before writing (STORAGE_QUOTA_PRECHECK=off
 * turns it off). The database enforces the same limit whatever this says (the trigger in
 * supabase/migrations/20261202030100_file_storage_limit_in_database.sql), as it must on hosted
 * Supabase, whose storage service runs no check of ours; off shows the database alone holding.
 */
export function quotaPrecheckEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.STORAGE_QUOTA_PRECHECK !== 'off';
}

/**
 * Refuses an upload that would take the caller past their plan's file_storage (MB, -1 unlimited)
 * before any byte is stored: an early answer; the database's trigger is the guarantee.
 * `userId` is whose plan pays: the uploader, or the signer of a signed upload URL. Runs as the server inside the upload's transaction, before the role switch.
 */
export async function checkStorageQuota(
  tx: Transaction,
  userId: string | undefined,
  target: { bucket: string; name: string; size: number },
): Promise<void> {
  // Uploads by the service role (no user) count against nobody.
  if (!userId || !quotaPrecheckEnabled()) return;
  await tx.query(lockSql, [userId]);
  const limit = (await tx.query<{ limit_mb: number | null }>(limitSql, [userId])).rows[0]?.limit_mb;
  if (limit === undefined || limit === null || limit < 0) return;
  const { rows } = await tx.query<{ used: number }>(usedSql, [userId, target.bucket, target.name]);
  const used = rows[0]?.used ?? 0;
  if (used + target.size > limit * megabyte) {
    const usedMb = (used / megabyte).toFixed(1);
    throw new StorageError(
      403,
      'storage_quota_exceeded',
      `Your plan includes ${limit} MB of file storage and ${usedMb} MB is in use; this upload of ` +
        `${(target.size / megabyte).toFixed(1)} MB does not fit`,
    );
  }
}
