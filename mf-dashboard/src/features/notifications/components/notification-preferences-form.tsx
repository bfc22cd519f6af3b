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
  hires: 'Hires (you were hired)',
  appointments: 'Appointments: requests, changes and reminders',
  matches: 'New projects you match',
  teams: 'Your teams (someone joined)',
};

type EmailChoice = 'now' | 'digest' | 'off';
const EMAIL_CHOICES: { value: EmailChoice; label: string }[] = [
  { value: 'now', label: 'By e-mail as it happens' },
  { value: 'digest', label: 'In the e-mail digest' },
  { value: 'off', label: 'No e-mail' },
];
const emailChoiceOf = (choice: ChannelChoice): EmailChoice =>
  !choice.email ? 'off' : choice.email_immediate ? 'now' : 'digest';

/** The zones the browser knows, for quiet hours (the database checks the name again). */
const TIME_ZONES: readonly string[] = (() => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : [];
  return zones.includes('Europe/London') ? zones : ['Europe/London', ...zones];
})();

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
  const change = (kind: NotificationKind, patch: Partial<ChannelChoice>) =>
    setPrefs((current) =>
      current
        ? {
            ...current,
            kinds: { ...current.kinds, [kind]: { ...current.kinds[kind], ...patch } },
          }
        : current,
    );
  const chooseEmail = (kind: NotificationKind, choice: EmailChoice) =>
    change(
      kind,
      choice === 'off' ? { email: false } : { email: true, email_immediate: choice === 'now' },
    );
  const quiet = prefs?.quietStart !== null && prefs?.quietStart !== undefined;
  return (
    <Card as="section" aria-labelledby="notification-preferences">
      <h2 id="notification-preferences">Preferences</h2>
      <p>
        Choose what ProMatch tells you about, and where. Turning “In ProMatch” off keeps a kind out
        of this centre and the bell; with no e-mail either, it is not recorded at all. E-mail goes
        to the address you sign in with: as it happens (a new message once it has been unread for
        half a minute, and not if you read it here first), or listed in the digest. Every e-mail has
        a link that stops that kind of e-mail in one click.
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
              <label>
                <input
                  type="checkbox"
                  checked={prefs.kinds[kind].in_app}
                  onChange={() => change(kind, { in_app: !prefs.kinds[kind].in_app })}
                />{' '}
                In ProMatch
              </label>
              <label>
                E-mail{' '}
                <select
                  value={emailChoiceOf(prefs.kinds[kind])}
                  onChange={(event) => chooseEmail(kind, event.target.value as EmailChoice)}
                >
                  {EMAIL_CHOICES.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
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
              No e-mail during quiet hours; e-mail due then waits until they end (in-app does not)
            </label>
            {quiet ? (
              <Cluster $gap="lg">
                <label>
                  Time zone{' '}
                  <select
                    value={prefs.timeZone}
                    onChange={(event) => setPrefs({ ...prefs, timeZone: event.target.value })}
                  >
                    {(TIME_ZONES.includes(prefs.timeZone)
                      ? TIME_ZONES
                      : [prefs.timeZone, ...TIME_ZONES]
                    ).map((zone) => (
                      <option key={zone} value={zone}>
                        {zone.replace(/_/g, ' ')}
                      </option>
                    ))}
                  </select>
                </label>
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
