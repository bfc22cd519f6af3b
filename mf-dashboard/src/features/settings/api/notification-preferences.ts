import { getSupabaseClient, toAppError, toast } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from './keys';

export const NOTIFICATION_KINDS = ['messages', 'proposals', 'appointments', 'matches'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export interface ChannelChoice {
  in_app: boolean;
  email: boolean;
}
export type NotificationPreferences = Record<NotificationKind, ChannelChoice>;

/** With no row for a kind, both channels are on (notification_wanted's default). */
const DEFAULT_CHOICE: ChannelChoice = { in_app: true, email: true };

async function getPreferences(): Promise<NotificationPreferences> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('notification_preferences')
    .select('kind, in_app, email');
  if (error) throw toAppError(error);
  const prefs = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_CHOICE }]),
  ) as NotificationPreferences;
  for (const row of data) {
    const kind = row.kind as NotificationKind;
    if (prefs[kind]) prefs[kind] = { in_app: row.in_app, email: row.email };
  }
  return prefs;
}

export const useNotificationPreferences = (userId: string) =>
  useQuery({
    queryKey: settingsKeys.notifications(userId),
    queryFn: getPreferences,
    enabled: Boolean(userId),
  });

async function savePreferences(input: {
  userId: string;
  prefs: NotificationPreferences;
}): Promise<void> {
  const supabase = await getSupabaseClient();
  const rows = NOTIFICATION_KINDS.map((kind) => ({
    user_id: input.userId,
    kind,
    ...input.prefs[kind],
  }));
  const { error } = await supabase
    .from('notification_preferences')
    .upsert(rows, { onConflict: 'user_id,kind' });
  if (error) throw toAppError(error);
}

/** Saves all four kinds at once, then says so. */
export function useSaveNotificationPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) => savePreferences({ userId, prefs }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.notifications(userId) });
      toast({ title: 'Notification preferences saved' });
    },
    onError: (error) =>
      toast({
        title: 'Could not save notification preferences',
        description: error.message,
        variant: 'destructive',
      }),
  });
}
