import { Button, Card, Cluster, FieldError, FieldGroup } from '@promatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  NOTIFICATION_KINDS,
  useNotificationPreferences,
  useSaveNotificationPreferences,
  type Digest,
  type NotificationKind,
  type NotificationPreferences,
} from '../api/preferences';
import {
  preferencesSchema,
  toFormValues,
  type EmailChoice,
  type PreferencesFormInput,
} from '../utils/preferences-schema';

const KIND_LABELS: Record<NotificationKind, string> = {
  messages: 'New messages',
  proposals: 'Proposals on your projects, and changes to yours',
  hires: 'Hires (you were hired)',
  appointments: 'Appointments: requests, changes and reminders',
  matches: 'New projects you match',
  teams: 'Your teams (someone joined)',
};

const EMAIL_CHOICES: { value: EmailChoice; label: string }[] = [
  { value: 'now', label: 'By e-mail as it happens' },
  { value: 'digest', label: 'In the e-mail digest' },
  { value: 'off', label: 'No e-mail' },
];

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

const QUIET_ERROR_ID = 'quiet-hours-error';

function PreferencesFields({
  saved,
  onSave,
  pending,
}: {
  saved: NotificationPreferences;
  onSave: (prefs: NotificationPreferences) => void;
  pending: boolean;
}) {
  const { register, handleSubmit, watch, setValue, formState } = useForm<
    PreferencesFormInput,
    unknown,
    NotificationPreferences
  >({
    resolver: zodResolver(preferencesSchema),
    // the saved choices, again after each save: the form shows what the database holds
    values: toFormValues(saved),
    mode: 'onChange',
  });
  const quiet = watch('quiet');
  const quietError = formState.errors.quietEnd?.message;
  const timeInput = {
    type: 'time',
    required: true,
    'aria-invalid': quietError ? true : undefined,
    'aria-describedby': quietError ? QUIET_ERROR_ID : undefined,
  } as const;
  const zones = TIME_ZONES.includes(saved.timeZone) ? TIME_ZONES : [saved.timeZone, ...TIME_ZONES];
  return (
    <form onSubmit={(event) => void handleSubmit(onSave)(event)}>
      {NOTIFICATION_KINDS.map((kind) => (
        <FieldGroup key={kind} $inline>
          <legend>{KIND_LABELS[kind]}</legend>
          <label>
            <input type="checkbox" {...register(`kinds.${kind}.in_app`)} /> In ProMatch
          </label>
          <label>
            E-mail{' '}
            <select {...register(`kinds.${kind}.email`)}>
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
            <input type="radio" value={option.value} {...register('digest')} /> {option.label}
          </label>
        ))}
      </FieldGroup>
      <FieldGroup>
        <legend>Quiet hours</legend>
        <label>
          <input
            type="checkbox"
            {...register('quiet', {
              // turned on, quiet hours start as 22:00 to 07:00
              onChange: (event: { target: { checked: boolean } }) => {
                const on = event.target.checked;
                setValue('quietStart', on ? '22:00' : '', { shouldValidate: true });
                setValue('quietEnd', on ? '07:00' : '', { shouldValidate: true });
              },
            })}
          />{' '}
          No e-mail during quiet hours; e-mail due then waits until they end (in-app does not)
        </label>
        {quiet ? (
          <Cluster $gap="lg">
            <label>
              Time zone{' '}
              <select {...register('timeZone')}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            </label>
            <label>
              From <input {...timeInput} {...register('quietStart', { deps: ['quietEnd'] })} />
            </label>
            <label>
              Until <input {...timeInput} {...register('quietEnd')} />
            </label>
          </Cluster>
        ) : null}
        {quiet && quietError ? (
          <FieldError id={QUIET_ERROR_ID} role="alert">
            {quietError}
          </FieldError>
        ) : null}
      </FieldGroup>
      <Button type="submit" disabled={pending || (quiet && Boolean(quietError))}>
        Save notification preferences
      </Button>
    </form>
  );
}

/**
 * The one place notification choices are made: per kind and channel (notification_preferences)
 * and the digest's frequency and quiet hours (notification_settings). The database applies them
 * to every notification as it is written.
 */
export function NotificationPreferencesForm({ userId }: { userId: string }) {
  const saved = useNotificationPreferences(userId);
  const save = useSaveNotificationPreferences(userId);
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
      {saved.data ? (
        <PreferencesFields
          saved={saved.data}
          pending={save.isPending}
          onSave={(prefs) => save.mutate(prefs)}
        />
      ) : null}
    </Card>
  );
}
