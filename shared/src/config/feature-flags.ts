// The singleton entry, never a relative path: this subpath entry is bundled into each app that
// imports it, and a relative import would give it a second supabase client and config.
import { getSupabaseClient, loadRuntimeConfig } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';

/** How long a browser keeps the flags before asking again: a change reaches it within this. */
export const FEATURE_FLAGS_STALE_TIME = 300_000;
export const featureFlagsKey = ['feature-flags'] as const;

/**
 * The feature flags in effect: /config.json's `features` (deploy-time defaults) with the public
 * rows of `system_settings` (edited by super admins in the BMS area) over them.
 */
export async function loadFeatureFlags(): Promise<Record<string, boolean>> {
  const [config, client] = await Promise.all([loadRuntimeConfig(), getSupabaseClient()]);
  const { data, error } = await client
    .from('system_settings')
    .select('key, enabled')
    .eq('is_public', true);
  if (error) throw error;
  const flags: Record<string, boolean> = { ...(config.features ?? {}) };
  for (const row of data) flags[row.key] = row.enabled;
  return flags;
}

/**
 * Whether one feature flag is on (false while loading, when unknown, or when the lookup fails).
 * Every app shares one cached answer, refreshed after FEATURE_FLAGS_STALE_TIME.
 */
export function useFeatureFlag(key: string): boolean {
  const { data } = useQuery({
    queryKey: featureFlagsKey,
    queryFn: loadFeatureFlags,
    staleTime: FEATURE_FLAGS_STALE_TIME,
    retry: 1,
  });
  return data?.[key] === true;
}
