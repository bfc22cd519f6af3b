import { Button, FieldError, FieldGroup, TextField } from '@promatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@promatch/shared/validation';
import { useForm } from 'react-hook-form';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../utils/events';
import type { NewWebhook } from '../api/webhooks';

/** The address problem the database would also refuse, or none. */
function urlProblem(value: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return 'Enter the full address, starting with https://';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return 'Only http and https addresses can receive webhooks.';
  }
  if (parsed.username || parsed.password) {
    return 'The address must not contain a user name or password.';
  }
  return undefined;
}

const EVENT_VALUES = WEBHOOK_EVENTS.map((option) => option.value) as [
  WebhookEvent,
  ...WebhookEvent[],
];

/** Checks what the database also checks, so the user learns what is wrong before sending. */
export const webhookSchema = z.object({
  url: z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem = urlProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  description: z.string().trim().max(200),
  events: z.array(z.enum(EVENT_VALUES)).min(1, 'Choose at least one event.'),
});
type WebhookFormInput = z.input<typeof webhookSchema>;

export function WebhookForm({
  onSubmit,
  pending,
}: {
  onSubmit: (input: NewWebhook) => void;
  pending: boolean;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<WebhookFormInput, unknown, NewWebhook>({
    resolver: zodResolver(webhookSchema),
    defaultValues: { url: '', description: '', events: [] },
  });
  const submit = handleSubmit((input) => onSubmit(input));
  const problems = { url: errors.url?.message, events: errors.events?.message };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="webhook-form-heading">
      <h3 id="webhook-form-heading">Add a webhook</h3>
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/promatch-webhook"
        {...register('url')}
        error={problems.url}
        maxLength={2000}
        required
      />
      <TextField label="Description (optional)" {...register('description')} maxLength={200} />
      <FieldGroup aria-describedby={problems.events ? 'webhook-events-error' : undefined}>
        <legend>Events to send</legend>
        {WEBHOOK_EVENTS.map((option) => (
          <label key={option.value}>
            <input type="checkbox" value={option.value} {...register('events')} /> {option.label}{' '}
            <code>{option.value}</code>
          </label>
        ))}
        {problems.events ? (
          <FieldError id="webhook-events-error" role="alert">
            {problems.events}
          </FieldError>
        ) : null}
      </FieldGroup>
      <Button type="submit" disabled={pending}>
        Add webhook
      </Button>
    </form>
  );
}
