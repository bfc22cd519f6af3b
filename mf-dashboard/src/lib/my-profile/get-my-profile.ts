import { getSupabaseClient, toAppError, useSession, type Tables } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { myProfileKeys } from './keys';

export const MY_PROFILE_COLUMNS =
  'id,name,account_type,title,description,location,skills,categories,hourly_rate_min,hourly_rate_max,availability,avatar_url,company,company_id';

export type MyProfile = Pick<
  Tables<'profiles'>,
  | 'id'
  | 'name'
  | 'account_type'
  | 'title'
  | 'description'
  | 'location'
  | 'skills'
  | 'categories'
  | 'hourly_rate_min'
  | 'hourly_rate_max'
  | 'availability'
  | 'avatar_url'
  | 'company'
  | 'company_id'
>;

/** The signed-in user's own profile row. */
export async function getMyProfile(userId: string): Promise<MyProfile> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('profiles')
    .select(MY_PROFILE_COLUMNS)
    .eq('id', userId)
    .single();
  if (error) throw toAppError(error);
  return data as MyProfile;
}

export const myProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: myProfileKeys.detail(userId), queryFn: () => getMyProfile(userId) });

/** The signed-in user's profile; idle while nobody is signed in. */
export function useMyProfile() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({ ...myProfileQueryOptions(userId), enabled: userId !== '' });
}
