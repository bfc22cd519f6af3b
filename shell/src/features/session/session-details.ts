import {
  ADMIN_CHECK_RETRY,
  ADMIN_CHECK_STALE_TIME,
  adminCheckKey,
  fetchAdminCheck,
  getAppQueryClient,
  type AppSupabaseClient,
  type Json,
  type UserSubscription,
} from '@promatch/shared';

/**
 * When the plan lookup fails the user is treated as pro with everything (unlimited, no fee): a
 * lookup failure must never lock a paying user out of a feature.
 */
const FALLBACK_SUBSCRIPTION: UserSubscription = {
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

/**
 * The admin check (an active admin_users row; super_admin for bms), cached 5 minutes, 1 retry,
 * under the same query key the management portal reads, so both share one answer.
 */
export async function loadAdminStatus(client: AppSupabaseClient, userId: string) {
  const queryClient = await getAppQueryClient();
  return queryClient.fetchQuery({
    queryKey: adminCheckKey(userId),
    staleTime: ADMIN_CHECK_STALE_TIME,
    retry: ADMIN_CHECK_RETRY,
    queryFn: () => fetchAdminCheck(client, userId),
  });
}

const asRecord = <T>(value: Json): Record<string, T> =>
  (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, T>;

/** get_user_subscription_plan's first row; failures are only logged, and the fallback applies. */
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
