import { Button, FieldError, TextField } from '@promatch/shared';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../utils/events';
import type { NewWebhook } from '../api/webhooks';

/** Checks what the database also checks, so the user learns what is wrong before sending. */
export function webhookProblems(input: NewWebhook): { url?: string; events?: string } {
  const problems: { url?: string; events?: string } = {};
  let parsed: URL | undefined;
  try {
    parsed = new URL(input.url.trim());
  } catch {
    problems.url = 'Enter the full address, starting with https://';
  }
  if (parsed && parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    problems.url = 'Only http and https addresses can receive webhooks.';
  } else if (parsed && (parsed.username || parsed.password)) {
    problems.url = 'The address must not contain a user name or password.';
  }
  if (input.events.length === 0) problems.events = 'Choose at least one event.';
  return problems;
}

export function WebhookForm({
  onSubmit,
  pending,
}: {
  onSubmit: (input: NewWebhook) => void;
  pending: boolean;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [problems, setProblems] = useState<ReturnType<typeof webhookProblems>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { url: url.trim(), description: description.trim(), events };
    const found = webhookProblems(input);
    setProblems(found);
    if (!found.url && !found.events) onSubmit(input);
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="webhook-form-heading">
      <h3 id="webhook-form-heading">Add a webhook</h3>
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/promatch-webhook"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={problems.url}
        maxLength={2000}
        required
      />
      <TextField
        label="Description (optional)"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        maxLength={200}
      />
      <fieldset aria-describedby={problems.events ? 'webhook-events-error' : undefined}>
        <legend>Events to send</legend>
        {WEBHOOK_EVENTS.map((option) => (
          <label key={option.value} style={{ display: 'block' }}>
            <input
              type="checkbox"
              checked={events.includes(option.value)}
              onChange={(event) =>
                setEvents(
                  event.target.checked
                    ? [...events, option.value]
                    : events.filter((value) => value !== option.value),
                )
              }
            />{' '}
            {option.label} <code>{option.value}</code>
          </label>
        ))}
        {problems.events ? (
          <FieldError id="webhook-events-error" role="alert">
            {problems.events}
          </FieldError>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={pending}>
        Add webhook
      </Button>
    </form>
  );
}
