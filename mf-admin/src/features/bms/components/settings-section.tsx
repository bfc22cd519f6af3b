import { Button, DataTable, toast, VisuallyHidden } from '@promatch/shared';
import { FEATURE_FLAGS_STALE_TIME } from '@promatch/shared/feature-flags';
import { useState, type FormEvent } from 'react';
import { formatWhen } from '../../../lib/format';
import { CheckLabel, ErrorText, Muted, SectionHeading, Stack } from '../../../lib/ui';
import { useSettings, type Setting } from '../api/get-settings';
import { useSaveSetting } from '../api/save-setting';

const KEY_PATTERN = /^[a-z][a-z0-9_]{1,62}$/;
const minutes = FEATURE_FLAGS_STALE_TIME / 60_000;

function AddSettingForm() {
  const save = useSaveSetting();
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const key = String(form.get('key') ?? '').trim();
    const description = String(form.get('description') ?? '').trim();
    if (!KEY_PATTERN.test(key)) {
      setError(
        'The key is 2 to 63 lower-case letters, digits or underscores, starting with a letter.',
      );
      return;
    }
    if (description.length < 3) {
      setError('Please describe what the flag switches (at least 3 characters).');
      return;
    }
    try {
      await save.mutateAsync({
        key,
        isNew: true,
        patch: {
          description,
          enabled: form.get('enabled') === 'on',
          is_public: form.get('is_public') === 'on',
        },
      });
      formElement.reset();
      toast({ title: `Flag ${key} added` });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : 'Could not save';
      setError(message.includes('duplicate') ? `A flag named ${key} already exists.` : message);
    }
  };
  return (
    <Stack as="form" aria-label="Add a feature flag" onSubmit={(e) => void submit(e)}>
      <label>
        Flag key
        <input type="text" name="key" autoComplete="off" />
      </label>
      <label>
        What it switches
        <input type="text" name="description" autoComplete="off" />
      </label>
      <CheckLabel>
        <input type="checkbox" name="enabled" /> On
      </CheckLabel>
      <CheckLabel>
        <input type="checkbox" name="is_public" defaultChecked /> Sent to every app (public)
      </CheckLabel>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <div>
        <Button type="submit" $size="sm" disabled={save.isPending}>
          Add flag
        </Button>
      </div>
    </Stack>
  );
}

function SettingRow({ setting }: { setting: Setting }) {
  const save = useSaveSetting();
  const toggle = async () => {
    try {
      await save.mutateAsync({
        key: setting.key,
        isNew: false,
        patch: { enabled: !setting.enabled },
      });
      toast({ title: `${setting.key} turned ${setting.enabled ? 'off' : 'on'}` });
    } catch (failure) {
      toast({ title: failure instanceof Error ? failure.message : 'Could not save' });
    }
  };
  return (
    <tr>
      <th scope="row">{setting.key}</th>
      <td>{setting.description}</td>
      <td>{setting.is_public ? 'Every app' : 'Super admins only'}</td>
      <td>{formatWhen(setting.updated_at)}</td>
      <td>
        <label>
          <input
            type="checkbox"
            checked={setting.enabled}
            disabled={save.isPending}
            onChange={() => void toggle()}
          />{' '}
          {setting.enabled ? 'On' : 'Off'}
          <VisuallyHidden> ({setting.key})</VisuallyHidden>
        </label>
      </td>
    </tr>
  );
}

/** System settings: the feature flags every app reads as its runtime configuration's features. */
export function SettingsSection() {
  const settings = useSettings();
  return (
    <section aria-labelledby="settings-heading">
      <SectionHeading id="settings-heading">System settings</SectionHeading>
      <Muted>
        Feature flags. Every app reads the public ones together with its runtime configuration; a
        change reaches a browser on its next page load or within {minutes} minutes. Every change is
        kept in the audit log.
      </Muted>
      {settings.isError ? <ErrorText role="alert">{settings.error.message}</ErrorText> : null}
      {settings.data && settings.data.length === 0 ? <Muted>No feature flags yet.</Muted> : null}
      {settings.data && settings.data.length > 0 ? (
        <DataTable
          caption="Feature flags"
          columns={['Key', 'What it switches', 'Read by', 'Changed', 'State']}
        >
          {settings.data.map((setting) => (
            <SettingRow key={setting.key} setting={setting} />
          ))}
        </DataTable>
      ) : null}
      <AddSettingForm />
    </section>
  );
}
