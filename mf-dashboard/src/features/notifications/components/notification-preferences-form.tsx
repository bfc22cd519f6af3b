import { Button, Card, Cluster, FieldGroup } from '@promatch/shared';
import { useEffect, useState } from 'react';
import {
  NOTIFICATION_KINDS,
  useNotificationPreferences,
  useSaveNotificationPreferences,
  type ChannelChoice,
  type Digest,
  type NotificationKind,
  type NotificationPreferences,
} from '../api/preferences';

const KIND_LABELS: Record<NotificationKind, string> = {
  messages: 'New messages',
  proposals: 'Proposals on your projects, and changes to yours',
  appointments: 'Appointments coming up',
  matches: 'New projects you match',
  teams: 'Your teams (someone joined)',
};

const CHANNELS: { key: keyof ChannelChoice; label: string }[] = [
  { key: 'in_app', label: 'In ProMatch' },
  { key: 'email', label: 'In the e-mail digest' },
];

const DIGESTS: { value: Digest; label: string }[] = [
  { value: 'daily', label: 'Daily (from 08:00 UK time)' },
  { value: 'weekly', label: 'Weekly (Mondays from 08:00 UK time)' },
  { value: 'off', label: 'No e-mail' },
];

/**
 * The one place notification choices are made: per kind and channel (notification_preferences)
 * and the digest's frequency and quiet hours (notification_settings). The database applies them
 * to every notification as it is written.
 */
export function NotificationPreferencesForm({ userId }: { userId: string }) {
  const saved = useNotificationPreferences(userId);
  const save = useSaveNotificationPreferences(userId);
  const [prefs, setPrefs] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (saved.data) setPrefs(saved.data);
  }, [saved.data]);
  const toggle = (kind: NotificationKind, channel: keyof ChannelChoice) =>
    setPrefs((current) =>
      current
        ? {
            ...current,
            kinds: {
              ...current.kinds,
              [kind]: { ...current.kinds[kind], [channel]: !current.kinds[kind][channel] },
            },
          }
        : current,
    );
  const quiet = prefs?.quietStart !== null && prefs?.quietStart !== undefined;
  return (
    <Card as="section" aria-labelledby="notification-preferences">
      <h2 id="notification-preferences">Preferences</h2>
      <p>
        Choose what ProMatch tells you about, and where. Turning “In ProMatch” off keeps a kind out
        of this centre and the bell; turning both off means it is not recorded at all. The digest
        lists your unread notifications of the kinds you chose, and goes to the address you sign in
        with.
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
            <FieldGroup key={kind} $inline>
              <legend>{KIND_LABELS[kind]}</legend>
              {CHANNELS.map((channel) => (
                <label key={channel.key}>
                  <input
                    type="checkbox"
                    checked={prefs.kinds[kind][channel.key]}
                    onChange={() => toggle(kind, channel.key)}
                  />{' '}
                  {channel.label}
                </label>
              ))}
            </FieldGroup>
          ))}
          <FieldGroup>
            <legend>E-mail digest</legend>
            {DIGESTS.map((option) => (
              <label key={option.value}>
                <input
                  type="radio"
                  name="digest"
                  value={option.value}
                  checked={prefs.digest === option.value}
                  onChange={() => setPrefs({ ...prefs, digest: option.value })}
                />{' '}
                {option.label}
              </label>
            ))}
          </FieldGroup>
          <FieldGroup>
            <legend>Quiet hours</legend>
            <label>
              <input
                type="checkbox"
                checked={quiet}
                onChange={() =>
                  setPrefs(
                    quiet
                      ? { ...prefs, quietStart: null, quietEnd: null }
                      : { ...prefs, quietStart: '22:00', quietEnd: '07:00' },
                  )
                }
              />{' '}
              No e-mail during quiet hours (UK time); a digest due then waits until they end
            </label>
            {quiet ? (
              <Cluster $gap="lg">
                <label>
                  From{' '}
                  <input
                    type="time"
                    required
                    value={prefs.quietStart ?? ''}
                    onChange={(event) => setPrefs({ ...prefs, quietStart: event.target.value })}
                  />
                </label>
                <label>
                  Until{' '}
                  <input
                    type="time"
                    required
                    value={prefs.quietEnd ?? ''}
                    onChange={(event) => setPrefs({ ...prefs, quietEnd: event.target.value })}
                  />
                </label>
              </Cluster>
            ) : null}
            {quiet && prefs.quietStart === prefs.quietEnd ? (
              <p role="alert">Quiet hours need a different start and end.</p>
            ) : null}
          </FieldGroup>
          <Button
            type="submit"
            disabled={save.isPending || (quiet && prefs.quietStart === prefs.quietEnd)}
          >
            Save notification preferences
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
