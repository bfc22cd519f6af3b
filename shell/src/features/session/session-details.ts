import {
  getAppQueryClient,
  type AppSupabaseClient,
  type Json,
  type UserSubscription,
} from '@promatch/shared';

const FIVE_MINUTES = 300_000;

/** Spec section 4: when the plan lookup fails the user is treated as pro with everything. */
export const FALLBACK_SUBSCRIPTION: UserSubscription = {
  plan_type: 'pro',
  plan_name: 'Pro',
  features: {
    profile_creation: true,
    basic_analytics: true,
    advanced_analytics: true,
    featured_profile: true,
    profile_verification_badge: true,
    identity_verification: true,
    unlimited_applications: true,
    early_project_access: true,
  },
  limits: { monthly_applications: -1, bookings: -1, projects: -1, file_storage: -1 },
  commission_rate: 0,
};

export async function loadProfile(client: AppSupabaseClient, userId: string) {
  const { data, error } = await client.from('profiles').select('*').eq('id', userId).maybeSingle();
  if (error) throw error;
  return data;
}

export interface AdminStatus {
  isAdmin: boolean;
  isSuperAdmin: boolean;
}

/** The admin_users check of spec section 6, cached 5 minutes with 1 retry. */
export async function loadAdminStatus(
  client: AppSupabaseClient,
  userId: string,
): Promise<AdminStatus> {
  const queryClient = await getAppQueryClient();
  return queryClient.fetchQuery({
    queryKey: ['admin-check', userId],
    staleTime: FIVE_MINUTES,
    retry: 1,
    queryFn: async () => {
      const { data, error } = await client
        .from('admin_users')
        .select('role, permissions, is_active')
        .eq('user_id', userId)
        .eq('is_active', true)
        .maybeSingle();
      if (error) throw error;
      return { isAdmin: data !== null, isSuperAdmin: data?.role === 'super_admin' };
    },
  });
}

const asRecord = <T>(value: Json): Record<string, T> =>
  (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, T>;

/** get_user_subscription_plan's first row; failures are logged and fall back (spec section 8). */
export async function loadSubscription(
  client: AppSupabaseClient,
  userId: string,
): Promise<UserSubscription> {
  const { data, error } = await client.rpc('get_user_subscription_plan', { user_uuid: userId });
  const row = data?.[0];
  if (error || !row) {
    if (error) console.error('Subscription lookup failed', error.message);
    return FALLBACK_SUBSCRIPTION;
  }
  return {
    plan_type: row.plan_type === 'pro' ? 'pro' : 'free',
    plan_name: row.plan_name,
    features: asRecord<boolean>(row.features),
    limits: asRecord<number>(row.limits),
    commission_rate: Number(row.commission_rate),
  };
}
