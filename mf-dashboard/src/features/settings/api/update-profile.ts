import {
  AppError,
  getSessionStore,
  getSupabaseClient,
  PROFESSIONALS_QUERY_ROOT,
  toast,
  toAppError,
  type TablesUpdate,
} from '@promatch/shared';
import { PROFILE_MESSAGES } from '@promatch/shared/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MY_PROFILE_COLUMNS, type MyProfile } from '../../../lib/my-profile/get-my-profile';
import { myProfileKeys } from '../../../lib/my-profile/keys';

export type ProfileChanges = Pick<
  TablesUpdate<'profiles'>,
  | 'name'
  | 'title'
  | 'description'
  | 'location'
  | 'skills'
  | 'categories'
  | 'hourly_rate_min'
  | 'hourly_rate_max'
  | 'availability'
  | 'avatar_url'
>;

/** Profile updates retry up to 2 times, waiting 1 s times the attempt number. */
export const PROFILE_UPDATE_RETRIES = 2;
export const profileRetryDelay = (attempt: number) => 1000 * (attempt + 1);

/**
 * Only failures that may pass on their own are retried: no answer, or a 5xx. A refused or invalid
 * change (4xx) and a missing session fail the same way every time.
 */
export function isTransientError(error: unknown): boolean {
  if (!(error instanceof AppError)) return true;
  if (error.code === 'no_user') return false;
  return error.status === undefined || error.status === 0 || error.status >= 500;
}

/** Writes the changed fields of the caller's own profile; 'No user logged in' without a session. */
export async function updateProfile(changes: ProfileChanges): Promise<MyProfile> {
  const supabase = await getSupabaseClient();
  const { data: auth } = await supabase.auth.getSession();
  const userId = auth.session?.user.id;
  if (!userId) throw new AppError(PROFILE_MESSAGES.noUser, 'no_user', 401);
  const { data, error, status } = await supabase
    .from('profiles')
    .update(changes)
    .eq('id', userId)
    .select(MY_PROFILE_COLUMNS)
    .single();
  if (error) throw toAppError({ ...error, status });
  return data as MyProfile;
}

/**
 * Saves the profile, then: the form shows the saved row, every cached professional (the public
 * profile, search) is refetched, the header shows the new name, and the toast 'Profile updated successfully' confirms it.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    retry: (failures, error) => failures < PROFILE_UPDATE_RETRIES && isTransientError(error),
    retryDelay: profileRetryDelay,
    onSuccess: async (profile) => {
      queryClient.setQueryData(myProfileKeys.detail(profile.id), profile);
      const store = getSessionStore();
      const user = store.getState().user;
      if (user && user.id === profile.id && user.name !== profile.name) {
        store.getState().setSession({ user: { ...user, name: profile.name } });
      }
      toast({ title: PROFILE_MESSAGES.saved, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: PROFESSIONALS_QUERY_ROOT });
    },
    onError: (error) => {
      toast({ title: 'Profile not saved', description: error.message, variant: 'destructive' });
    },
  });
}
