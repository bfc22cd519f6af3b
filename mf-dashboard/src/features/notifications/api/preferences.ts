import { getSupabaseClient, toAppError, toast } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys';

/** The preference groups (notification_preferences.kind); each notification kind belongs to one. */
export const NOTIFICATION_KINDS = [
  'messages',
  'proposals',
  'hires',
  'appointments',
  'matches',
  'teams',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export interface ChannelChoice {
  in_app: boolean;
  email: boolean;
  /** With email on: each event e-mailed as it happens (true) or listed in the digest (false). */
  email_immediate: boolean;
}
/** Groups e-mailed as they happen unless the user chose the digest (the database's default). */
export const IMMEDIATE_BY_DEFAULT: readonly NotificationKind[] = [
  'messages',
  'proposals',
  'hires',
  'appointments',
];
export type Digest = 'off' | 'daily' | 'weekly';

export interface NotificationPreferences {
  kinds: Record<NotificationKind, ChannelChoice>;
  digest: Digest;
  /** In `timeZone`, HH:MM, both set or both null. */
  quietStart: string | null;
  quietEnd: string | null;
  /** The IANA time zone quiet hours are read in. */
  timeZone: string;
}

/** With no row for a kind, both channels are on (notification_wanted's default). */
const defaultChoice = (kind: NotificationKind): ChannelChoice => ({
  in_app: true,
  email: true,
  email_immediate: IMMEDIATE_BY_DEFAULT.includes(kind),
});
export const DEFAULT_TIME_ZONE = 'Europe/London';
/** With no notification_settings row, the digest is weekly and there are no quiet hours. */
export const DEFAULT_DIGEST: Digest = 'weekly';

const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

export async function getPreferences(): Promise<NotificationPreferences> {
  const supabase = await getSupabaseClient();
  const [kinds, settings] = await Promise.all([
    supabase.from('notification_preferences').select('kind, in_app, email, email_immediate'),
    supabase.from('notification_settings').select('digest, quiet_start, quiet_end, time_zone'),
  ]);
  if (kinds.error) throw toAppError(kinds.error);
  if (settings.error) throw toAppError(settings.error);
  const prefs = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, defaultChoice(kind)]),
  ) as Record<NotificationKind, ChannelChoice>;
  for (const row of kinds.data) {
    const kind = row.kind as NotificationKind;
    if (prefs[kind])
      prefs[kind] = {
        in_app: row.in_app,
        email: row.email,
        email_immediate: row.email_immediate ?? IMMEDIATE_BY_DEFAULT.includes(kind),
      };
  }
  const saved = settings.data[0];
  return {
    kinds: prefs,
    digest: (saved?.digest as Digest | undefined) ?? DEFAULT_DIGEST,
    quietStart: hhmm(saved?.quiet_start ?? null),
    quietEnd: hhmm(saved?.quiet_end ?? null),
    timeZone: saved?.time_zone ?? DEFAULT_TIME_ZONE,
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
      time_zone: input.prefs.timeZone,
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
