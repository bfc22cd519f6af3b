import type { ConditionKind, RuleAction, RuleEvent } from '../api/rules';

export const RULE_EVENTS: { value: RuleEvent; label: string }[] = [
  { value: 'message.received', label: 'I receive a new message' },
  { value: 'match.created', label: 'A new project matches me' },
  { value: 'proposal.received', label: 'I receive a new proposal' },
  { value: 'appointment.booked', label: 'An appointment is booked' },
  { value: 'appointment.cancelled', label: 'An appointment is cancelled' },
];

export const CONDITIONS: { value: ConditionKind; label: string; events: RuleEvent[] }[] = [
  { value: 'none', label: 'Always', events: RULE_EVENTS.map((event) => event.value) },
  { value: 'message_contains', label: 'The message contains…', events: ['message.received'] },
  {
    value: 'sender_not_favourite',
    label: 'The other person is not in my favourites',
    events: [
      'message.received',
      'proposal.received',
      'appointment.booked',
      'appointment.cancelled',
    ],
  },
  {
    value: 'project_category',
    label: 'The project is in the category…',
    events: ['match.created', 'proposal.received'],
  },
];

export const ACTIONS: { value: RuleAction; label: string; events: RuleEvent[] }[] = [
  { value: 'auto_reply', label: 'Reply automatically', events: ['message.received'] },
  { value: 'notify', label: 'Notify me', events: RULE_EVENTS.map((event) => event.value) },
  {
    value: 'add_favourite',
    label: 'Add them to my favourites',
    events: ['message.received', 'proposal.received'],
  },
  { value: 'webhook', label: 'Send to a webhook', events: RULE_EVENTS.map((event) => event.value) },
];

export const labelOf = (list: { value: string; label: string }[], value: string) =>
  list.find((item) => item.value === value)?.label ?? value;
