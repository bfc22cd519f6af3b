import { z } from '@promatch/shared/validation';
import type { ConditionKind, NewRule, RuleAction, RuleEvent } from '../api/rules';
import { ACTIONS, CONDITIONS, RULE_EVENTS } from './rule-options';

const valuesOf = <T extends string>(list: { value: T }[]) =>
  list.map((option) => option.value) as [T, ...T[]];

/** Conditions that need no value of their own. */
const VALUELESS: readonly ConditionKind[] = ['none', 'sender_not_favourite'];

/** The rule as the form holds it: every field a string, whatever the choices hide. */
const ruleFields = z.object({
  name: z.string().trim().max(100),
  event: z.enum(valuesOf<RuleEvent>(RULE_EVENTS)),
  condition_kind: z.enum(valuesOf<ConditionKind>(CONDITIONS)),
  condition_value: z.string().trim().max(200),
  action: z.enum(valuesOf<RuleAction>(ACTIONS)),
  action_text: z.string().trim().max(2000),
  webhook_endpoint_id: z.string(),
});
export type RuleFormInput = z.input<typeof ruleFields>;

/**
 * Checks a rule as the database does, with the words the form uses, and gives the row to insert:
 * what the chosen condition and action do not use is sent as null.
 */
export const ruleSchema = ruleFields
  .superRefine((rule, context) => {
    const problem = (path: keyof RuleFormInput, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (rule.name === '') problem('name', 'Give the rule a name.');
    if (!VALUELESS.includes(rule.condition_kind) && rule.condition_value === '')
      problem('condition_value', 'Fill in the condition.');
    if (rule.action === 'auto_reply' && rule.action_text === '')
      problem('action_text', 'Write the reply.');
    if (rule.action === 'webhook' && rule.webhook_endpoint_id === '')
      problem('webhook_endpoint_id', 'Choose a webhook.');
  })
  .transform((rule): NewRule => ({
    name: rule.name,
    event: rule.event,
    condition_kind: rule.condition_kind,
    condition_value: VALUELESS.includes(rule.condition_kind) ? null : rule.condition_value,
    action: rule.action,
    action_text:
      rule.action === 'auto_reply' || rule.action === 'notify' ? rule.action_text || null : null,
    webhook_endpoint_id: rule.action === 'webhook' ? rule.webhook_endpoint_id || null : null,
  }));

export const EMPTY_RULE: RuleFormInput = {
  name: '',
  event: 'message.received',
  condition_kind: 'none',
  condition_value: '',
  action: 'notify',
  action_text: '',
  webhook_endpoint_id: '',
};
