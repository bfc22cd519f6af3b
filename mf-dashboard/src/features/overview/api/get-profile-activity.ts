import { getSupabaseClient, toAppError } from '@promatch/shared';
import { overviewKeys } from './keys';
import { usePanelQuery } from './query-helpers';

export interface ProfileActivity {
  views: number;
  searchAppearances: number;
}

/** Profile views and search appearances over the last 30 days (today included). */
export async function getProfileActivity(): Promise<ProfileActivity> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('my_profile_activity', { days: 30 });
  if (error) throw toAppError(error);
  const row = data?.[0];
  return {
    views: Number(row?.views ?? 0),
    searchAppearances: Number(row?.search_appearances ?? 0),
  };
}

export const useProfileActivity = () => usePanelQuery(overviewKeys.activity, getProfileActivity);
