import {
  getSupabaseClient,
  loadRuntimeConfig,
  toAppError,
  toast,
  useSession,
} from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export interface CalendarFeed {
  url: string;
  created_at: string;
  last_used_at: string | null;
}

/** Query keys of the calendar feed: never write one inline. */
export const calendarFeedKeys = {
  all: ['integrations', 'calendar-feed'] as const,
  mine: (userId: string) => [...calendarFeedKeys.all, userId] as const,
};

/** The address calendar apps subscribe to: the calendar-feed function with the private token. */
export async function feedUrl(token: string): Promise<string> {
  const config = await loadRuntimeConfig();
  return `${config.supabaseUrl.replace(/\/$/, '')}/functions/v1/calendar-feed/${token}.ics`;
}

/** The user's feed, or null when they have none (never created, or revoked). */
export async function getCalendarFeed(): Promise<CalendarFeed | null> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('calendar_feeds')
    .select('token,created_at,last_used_at')
    .maybeSingle();
  if (error) throw toAppError(error);
  if (!data) return null;
  return {
    url: await feedUrl(data.token),
    created_at: data.created_at,
    last_used_at: data.last_used_at,
  };
}

export function useCalendarFeed() {
  const userId = useSession((state) => state.user?.id) ?? '';
  return useQuery({
    queryKey: calendarFeedKeys.mine(userId),
    queryFn: getCalendarFeed,
    enabled: userId !== '',
  });
}

export function useCalendarFeedActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all });
  const regenerate = useMutation({
    mutationFn: async () => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.rpc('regenerate_calendar_feed');
      if (error) throw toAppError(error);
    },
    onSuccess: async () => {
      toast({ title: 'Calendar address ready', variant: 'success' });
      await refresh();
    },
    onError: (error) =>
      toast({
        title: 'Calendar address not created',
        description: error.message,
        variant: 'destructive',
      }),
  });
  const revoke = useMutation({
    mutationFn: async () => {
      const supabase = await getSupabaseClient();
      const { error } = await supabase.rpc('revoke_calendar_feed');
      if (error) throw toAppError(error);
    },
    onSuccess: async () => {
      toast({ title: 'Calendar address turned off', variant: 'success' });
      await refresh();
    },
    onError: (error) =>
      toast({
        title: 'Calendar address not turned off',
        description: error.message,
        variant: 'destructive',
      }),
  });
  return { regenerate, revoke };
}
