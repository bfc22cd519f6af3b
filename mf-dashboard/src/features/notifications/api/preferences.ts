import { getSupabaseClient, toAppError, toast } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys';

/** The preference groups (notification_preferences.kind); each notification kind belongs to one. */
export const NOTIFICATION_KINDS = [
  'messages',
  'proposals',
  'appointments',
  'matches',
  'teams',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export interface ChannelChoice {
  in_app: boolean;
  email: boolean;
}
export type Digest = 'off' | 'daily' | 'weekly';

export interface NotificationPreferences {
  kinds: Record<NotificationKind, ChannelChoice>;
  digest: Digest;
  /** UK time, HH:MM, both set or both null. */
  quietStart: string | null;
  quietEnd: string | null;
}

/** With no row for a kind, both channels are on (notification_wanted's default). */
const DEFAULT_CHOICE: ChannelChoice = { in_app: true, email: true };
/** With no notification_settings row, the digest is weekly and there are no quiet hours. */
export const DEFAULT_DIGEST: Digest = 'weekly';

const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

export async function getPreferences(): Promise<NotificationPreferences> {
  const supabase = await getSupabaseClient();
  const [kinds, settings] = await Promise.all([
    supabase.from('notification_preferences').select('kind, in_app, email'),
    supabase.from('notification_settings').select('digest, quiet_start, quiet_end'),
  ]);
  if (kinds.error) throw toAppError(kinds.error);
  if (settings.error) throw toAppError(settings.error);
  const prefs = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_CHOICE }]),
  ) as Record<NotificationKind, ChannelChoice>;
  for (const row of kinds.data) {
    const kind = row.kind as NotificationKind;
    if (prefs[kind]) prefs[kind] = { in_app: row.in_app, email: row.email };
  }
  const saved = settings.data[0];
  return {
    kinds: prefs,
    digest: (saved?.digest as Digest | undefined) ?? DEFAULT_DIGEST,
    quietStart: hhmm(saved?.quiet_start ?? null),
    quietEnd: hhmm(saved?.quiet_end ?? null),
  };
}

export const useNotificationPreferences = (userId: string) =>
  useQuery({
    queryKey: notificationKeys.preferences(userId),
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
    ...input.prefs.kinds[kind],
  }));
  const kinds = await supabase
    .from('notification_preferences')
    .upsert(rows, { onConflict: 'user_id,kind' });
  if (kinds.error) throw toAppError(kinds.error);
  const settings = await supabase.from('notification_settings').upsert(
    {
      user_id: input.userId,
      digest: input.prefs.digest,
      quiet_start: input.prefs.quietStart,
      quiet_end: input.prefs.quietEnd,
    },
    { onConflict: 'user_id' },
  );
  if (settings.error) throw toAppError(settings.error);
}

/** Saves every kind and the digest settings at once, then says so. */
export function useSaveNotificationPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) => savePreferences({ userId, prefs }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.preferences(userId) });
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
