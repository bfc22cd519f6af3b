import type { AppSupabaseClient } from '../supabase/client';

/** Areas of the management portal an admin_users row can grant (super_admin holds them all). */
export const ADMIN_AREAS = [
  'users',
  'verification',
  'announcements',
  'inbox',
  'audit',
  'analytics',
  'moderation',
  'payments',
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

export interface AdminCheck {
  /** An active admin_users row (role admin or super_admin). */
  isAdmin: boolean;
  /** Role super_admin: the bms area. */
  isSuperAdmin: boolean;
  /** Areas this admin may use; every area for a super admin. */
  areas: AdminArea[];
}

/** The admin check is cached 5 minutes and retried once. */
export const ADMIN_CHECK_STALE_TIME = 300_000;
export const ADMIN_CHECK_RETRY = 1;
export const adminCheckKey = (userId: string) => ['admin-check', userId] as const;

/** Reads the user's active admin_users row (role, permissions, is_active). */
export async function fetchAdminCheck(
  client: AppSupabaseClient,
  userId: string,
): Promise<AdminCheck> {
  const { data, error } = await client
    .from('admin_users')
    .select('role, permissions, is_active')
    .eq('user_id', userId)
    .eq('is_active', true)
    .maybeSingle();
  if (error) throw error;
  if (!data) return { isAdmin: false, isSuperAdmin: false, areas: [] };
  const isSuperAdmin = data.role === 'super_admin';
  const granted =
    data.permissions && typeof data.permissions === 'object' && !Array.isArray(data.permissions)
      ? (data.permissions as Record<string, unknown>)
      : {};
  return {
    isAdmin: true,
    isSuperAdmin,
    areas: ADMIN_AREAS.filter((area) => isSuperAdmin || granted[area] === true),
  };
}
