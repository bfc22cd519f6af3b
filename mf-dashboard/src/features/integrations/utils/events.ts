/** The events a webhook or an automation rule can listen for, in the words the pages use. */
export const WEBHOOK_EVENTS = [
  { value: 'message.received', label: 'New message' },
  { value: 'match.created', label: 'New match' },
  { value: 'proposal.received', label: 'New proposal' },
  { value: 'appointment.booked', label: 'Appointment booked' },
  { value: 'appointment.cancelled', label: 'Appointment cancelled' },
  { value: 'project.hired', label: 'Project hired' },
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]['value'];

export function eventLabel(value: string): string {
  if (value === 'ping') return 'Test delivery';
  return WEBHOOK_EVENTS.find((event) => event.value === value)?.label ?? value;
}
