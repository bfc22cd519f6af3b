import { Button, Card, useSession } from '@promatch/shared';
import { useEffect, useState } from 'react';
import {
  NOTIFICATION_KINDS,
  useNotificationPreferences,
  useSaveNotificationPreferences,
  type ChannelChoice,
  type NotificationKind,
  type NotificationPreferences,
} from '../api/notification-preferences';

const KIND_LABELS: Record<NotificationKind, string> = {
  messages: 'New messages',
  proposals: 'Proposals on your projects, and changes to yours',
  appointments: 'Appointments booked, changed or coming up',
  matches: 'New projects you match',
};

const CHANNELS: { key: keyof ChannelChoice; label: string }[] = [
  { key: 'in_app', label: 'In ProMatch' },
  { key: 'email', label: 'By e-mail' },
];

/**
 * Notification preferences per kind and channel, saved to the user's account
 * (notification_preferences, readable and writable by them alone).
 */
export function NotificationSettings() {
  const userId = useSession((state) => state.user?.id ?? '');
  const saved = useNotificationPreferences(userId);
  const save = useSaveNotificationPreferences(userId);
  const [prefs, setPrefs] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (saved.data) setPrefs(saved.data);
  }, [saved.data]);
  const toggle = (kind: NotificationKind, channel: keyof ChannelChoice) =>
    setPrefs((current) =>
      current
        ? { ...current, [kind]: { ...current[kind], [channel]: !current[kind][channel] } }
        : current,
    );
  return (
    <Card as="section" aria-labelledby="settings-notifications">
      <h3 id="settings-notifications">Notifications</h3>
      <p>
        Choose what ProMatch may notify you about, and where. E-mail goes to the address you sign in
        with. ProMatch sends none of these notifications yet: your choices are saved with your
        account now, and each notification will follow them when it arrives.
      </p>
      {saved.isPending ? <p role="status">Loading your preferences…</p> : null}
      {saved.isError ? (
        <p role="alert">Your preferences could not be loaded: {saved.error.message}</p>
      ) : null}
      {prefs ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(prefs);
          }}
        >
          {NOTIFICATION_KINDS.map((kind) => (
            <fieldset key={kind} style={{ border: 0, padding: 0, margin: '0 0 0.75rem' }}>
              <legend style={{ fontWeight: 600 }}>{KIND_LABELS[kind]}</legend>
              {CHANNELS.map((channel) => (
                <label key={channel.key} style={{ marginRight: '1.25rem' }}>
                  <input
                    type="checkbox"
                    checked={prefs[kind][channel.key]}
                    onChange={() => toggle(kind, channel.key)}
                  />{' '}
                  {channel.label}
                </label>
              ))}
            </fieldset>
          ))}
          <Button type="submit" disabled={save.isPending}>
            Save notification preferences
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
