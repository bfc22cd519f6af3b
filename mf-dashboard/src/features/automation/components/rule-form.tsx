import { Button, TextField } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SelectField, TextArea } from '../../../lib/form-controls';
import type { NewRule, RuleEvent } from '../api/rules';
import { ACTIONS, CONDITIONS, RULE_EVENTS } from '../utils/rule-options';
import { EMPTY_RULE, ruleSchema, type RuleFormInput } from '../utils/rule-schema';

const TEXT_HINT = (
  <>
    <code>{'{{name}}'}</code> becomes the other person&apos;s name and <code>{'{{project}}'}</code>{' '}
    the project&apos;s title.
  </>
);

export function RuleForm({
  webhooks,
  onSubmit,
  pending,
}: {
  webhooks: { id: string; label: string }[];
  onSubmit: (rule: NewRule) => void;
  pending: boolean;
}) {
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<RuleFormInput, unknown, NewRule>({
    resolver: zodResolver(ruleSchema),
    defaultValues: EMPTY_RULE,
  });
  const [event, conditionKind, action] = watch(['event', 'condition_kind', 'action']);
  const conditions = CONDITIONS.filter((c) => c.events.includes(event));
  const actions = ACTIONS.filter((a) => a.events.includes(event));
  // a new event drops the condition and action it does not offer
  const eventChanged = (next: RuleEvent) => {
    if (!CONDITIONS.find((c) => c.value === getValues('condition_kind'))?.events.includes(next))
      setValue('condition_kind', 'none');
    if (!ACTIONS.find((a) => a.value === getValues('action'))?.events.includes(next))
      setValue('action', 'notify');
  };
  const submit = handleSubmit((rule) => onSubmit(rule));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="rule-form-heading">
      <h2 id="rule-form-heading">Add a rule</h2>
      <TextField
        label="Rule name"
        maxLength={100}
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        id="rule-event"
        label="When"
        {...register('event', {
          onChange: (e: { target: { value: RuleEvent } }) => eventChanged(e.target.value),
        })}
      >
        {RULE_EVENTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <SelectField id="rule-condition" label="If" {...register('condition_kind')}>
        {conditions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {conditionKind === 'message_contains' ? (
        <TextField
          label="Text the message contains"
          maxLength={200}
          error={errors.condition_value?.message}
          {...register('condition_value')}
        />
      ) : null}
      {conditionKind === 'project_category' ? (
        <SelectField
          id="rule-category"
          label="Category"
          error={errors.condition_value?.message}
          {...register('condition_value')}
        >
          <option value="">Choose a category</option>
          {SERVICE_CATEGORIES.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <SelectField id="rule-action" label="Then" {...register('action')}>
        {actions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {action === 'auto_reply' || action === 'notify' ? (
        <TextArea
          id="rule-text"
          label={action === 'auto_reply' ? 'Reply' : 'Notification text (optional)'}
          rows={3}
          maxLength={2000}
          hint={TEXT_HINT}
          error={errors.action_text?.message}
          {...register('action_text')}
        />
      ) : null}
      {action === 'webhook' ? (
        <SelectField
          id="rule-webhook"
          label="Webhook"
          error={errors.webhook_endpoint_id?.message}
          {...register('webhook_endpoint_id')}
        >
          <option value="">
            {webhooks.length === 0
              ? 'Add a webhook on the Integrations page first'
              : 'Choose a webhook'}
          </option>
          {webhooks.map((webhook) => (
            <option key={webhook.id} value={webhook.id}>
              {webhook.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Button type="submit" disabled={pending}>
        Add rule
      </Button>
    </form>
  );
}
