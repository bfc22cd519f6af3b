import type { Database } from '@promatch/shared';

export type AppointmentRow = Database['public']['Tables']['appointments']['Row'];
export interface Appointment extends AppointmentRow {
  business: { name: string } | null;
  professional: { name: string } | null;
}

export type ShownStatus = 'proposed' | 'confirmed' | 'declined' | 'cancelled' | 'completed';

/** 'Join call' opens this long before the start. */
export const JOIN_OPENS_MS = 10 * 60_000;

export const STATUS_LABELS: Record<ShownStatus, string> = {
  proposed: 'Proposed',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** The status to show: a confirmed call whose end has passed is completed, even before the job runs. */
export function shownStatus(appointment: AppointmentRow, now: number): ShownStatus {
  if (appointment.status === 'confirmed' && Date.parse(appointment.ends_at) <= now)
    return 'completed';
  return appointment.status as ShownStatus;
}

/** A confirmed call can be joined from ten minutes before its start until its end. */
export function canJoin(appointment: AppointmentRow, now: number): boolean {
  return (
    shownStatus(appointment, now) === 'confirmed' &&
    now >= Date.parse(appointment.starts_at) - JOIN_OPENS_MS
  );
}

/** Whether it is this user's turn to accept, decline or propose other times. */
export function awaitsAnswerFrom(appointment: AppointmentRow, userId: string): boolean {
  return appointment.status === 'proposed' && appointment.proposed_by !== userId;
}

/** The other party's name, as this user sees it. */
export function otherPartyName(appointment: Appointment, userId: string): string {
  const other =
    appointment.business_id === userId ? appointment.professional : appointment.business;
  return other?.name || 'the other party';
}

/** Where the call room for this appointment lives (built by the call feature). */
export function callRoomPath(appointment: AppointmentRow): string | null {
  if (!appointment.conversation_id) return null;
  return `/messages/${appointment.conversation_id}/call?appointment=${appointment.id}`;
}
