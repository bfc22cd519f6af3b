import { Button, FieldError, Label, TextField } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { useState, type FormEvent } from 'react';
import type { ConditionKind, NewRule, RuleAction, RuleEvent } from '../api/rules';
import { ACTIONS, CONDITIONS, RULE_EVENTS } from '../utils/rule-options';

const selectStyle = { display: 'block', width: '100%', padding: '0.5rem', font: 'inherit' };

/** Checks a rule as the database does, with the words the form uses. */
export function ruleProblems(
  rule: NewRule,
): Partial<Record<'name' | 'condition' | 'action', string>> {
  const problems: Partial<Record<'name' | 'condition' | 'action', string>> = {};
  if (rule.name.trim() === '') problems.name = 'Give the rule a name.';
  if (
    rule.condition_kind !== 'none' &&
    rule.condition_kind !== 'sender_not_favourite' &&
    !rule.condition_value?.trim()
  ) {
    problems.condition = 'Fill in the condition.';
  }
  if (rule.action === 'auto_reply' && !rule.action_text?.trim())
    problems.action = 'Write the reply.';
  if (rule.action === 'webhook' && !rule.webhook_endpoint_id) problems.action = 'Choose a webhook.';
  return problems;
}

export function RuleForm({
  webhooks,
  onSubmit,
  pending,
}: {
  webhooks: { id: string; label: string }[];
  onSubmit: (rule: NewRule) => void;
  pending: boolean;
}) {
  const [name, setName] = useState('');
  const [event, setEvent] = useState<RuleEvent>('message.received');
  const [conditionKind, setConditionKind] = useState<ConditionKind>('none');
  const [conditionValue, setConditionValue] = useState('');
  const [action, setAction] = useState<RuleAction>('notify');
  const [actionText, setActionText] = useState('');
  const [webhookId, setWebhookId] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof ruleProblems>>({});

  const conditions = CONDITIONS.filter((c) => c.events.includes(event));
  const actions = ACTIONS.filter((a) => a.events.includes(event));
  const chooseEvent = (next: RuleEvent) => {
    setEvent(next);
    if (!CONDITIONS.find((c) => c.value === conditionKind)?.events.includes(next))
      setConditionKind('none');
    if (!ACTIONS.find((a) => a.value === action)?.events.includes(next)) setAction('notify');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rule: NewRule = {
      name: name.trim(),
      event,
      condition_kind: conditionKind,
      condition_value:
        conditionKind === 'none' || conditionKind === 'sender_not_favourite'
          ? null
          : conditionValue.trim(),
      action,
      action_text:
        action === 'auto_reply' || action === 'notify' ? actionText.trim() || null : null,
      webhook_endpoint_id: action === 'webhook' ? webhookId || null : null,
    };
    const found = ruleProblems(rule);
    setProblems(found);
    if (Object.keys(found).length === 0) onSubmit(rule);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="rule-form-heading">
      <h2 id="rule-form-heading">Add a rule</h2>
      <TextField
        label="Rule name"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        error={problems.name}
      />
      <Label htmlFor="rule-event">When</Label>
      <select
        id="rule-event"
        style={selectStyle}
        value={event}
        onChange={(e) => chooseEvent(e.target.value as RuleEvent)}
      >
        {RULE_EVENTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Label htmlFor="rule-condition">If</Label>
      <select
        id="rule-condition"
        style={selectStyle}
        value={conditionKind}
        onChange={(e) => setConditionKind(e.target.value as ConditionKind)}
      >
        {conditions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {conditionKind === 'message_contains' ? (
        <TextField
          label="Text the message contains"
          value={conditionValue}
          maxLength={200}
          onChange={(e) => setConditionValue(e.target.value)}
          error={problems.condition}
        />
      ) : null}
      {conditionKind === 'project_category' ? (
        <>
          <Label htmlFor="rule-category">Category</Label>
          <select
            id="rule-category"
            style={selectStyle}
            value={conditionValue}
            onChange={(e) => setConditionValue(e.target.value)}
          >
            <option value="">Choose a category</option>
            {SERVICE_CATEGORIES.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
          {problems.condition ? <FieldError role="alert">{problems.condition}</FieldError> : null}
        </>
      ) : null}
      <Label htmlFor="rule-action">Then</Label>
      <select
        id="rule-action"
        style={selectStyle}
        value={action}
        onChange={(e) => setAction(e.target.value as RuleAction)}
      >
        {actions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {action === 'auto_reply' || action === 'notify' ? (
        <>
          <Label htmlFor="rule-text">
            {action === 'auto_reply' ? 'Reply' : 'Notification text (optional)'}
          </Label>
          <textarea
            id="rule-text"
            rows={3}
            maxLength={2000}
            style={selectStyle}
            value={actionText}
            aria-describedby="rule-text-hint"
            onChange={(e) => setActionText(e.target.value)}
          />
          <p id="rule-text-hint">
            <code>{'{{name}}'}</code> becomes the other person&apos;s name and{' '}
            <code>{'{{project}}'}</code> the project&apos;s title.
          </p>
          {problems.action ? <FieldError role="alert">{problems.action}</FieldError> : null}
        </>
      ) : null}
      {action === 'webhook' ? (
        <>
          <Label htmlFor="rule-webhook">Webhook</Label>
          <select
            id="rule-webhook"
            style={selectStyle}
            value={webhookId}
            onChange={(e) => setWebhookId(e.target.value)}
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
          </select>
          {problems.action ? <FieldError role="alert">{problems.action}</FieldError> : null}
        </>
      ) : null}
      <Button type="submit" disabled={pending} style={{ marginTop: '1rem' }}>
        Add rule
      </Button>
    </form>
  );
}
