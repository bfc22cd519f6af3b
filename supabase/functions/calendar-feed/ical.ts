/**
 * A minimal iCalendar (RFC 5545) writer for the appointments feed: CRLF line endings, content
 * lines folded at 75 octets (never inside a UTF-8 character), TEXT values escaped, times in UTC
 * ("Z" form), and the required VERSION, PRODID, UID and DTSTAMP.
 */

export interface FeedAppointment {
  id: string;
  title: string;
  description: string | null;
  status: 'proposed' | 'confirmed' | 'completed' | 'cancelled' | 'declined';
  starts_at: string;
  ends_at: string;
  created_at: string;
  updated_at: string;
  cancel_reason: string | null;
  other_party: string;
}

export interface FeedOptions {
  /** Domain part of each UID, so UIDs stay globally unique and stable. */
  uidDomain: string;
  /** When the feed was generated (DTSTAMP). */
  now: Date;
  /** Link shown in each event (the messages page where the call is joined). */
  appUrl: string;
}

const encoder = new TextEncoder();

/** Escapes a TEXT value: backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line: at most 75 octets per line, continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 2026-11-27T09:30:00.000Z -> 20261127T093000Z */
export function utcStamp(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const statusOf: Record<FeedAppointment['status'], string> = {
  proposed: 'TENTATIVE',
  confirmed: 'CONFIRMED',
  completed: 'CONFIRMED',
  cancelled: 'CANCELLED',
  declined: 'CANCELLED',
};

function describe(appointment: FeedAppointment, appUrl: string): string {
  const lines = [`Video call with ${appointment.other_party} on ProMatch.`];
  if (appointment.status === 'proposed')
    lines.push('Not confirmed yet: a time is still to be agreed.');
  if (appointment.status === 'cancelled' && appointment.cancel_reason) {
    lines.push(`Cancelled: ${appointment.cancel_reason}`);
  }
  if (appointment.description) lines.push('', appointment.description);
  lines.push('', `Join from ${appUrl}/messages/upcoming`);
  return lines.join('\n');
}

/** The whole calendar as one string with CRLF line endings. */
export function buildCalendar(
  appointments: readonly FeedAppointment[],
  options: FeedOptions,
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ProMatch//Appointments feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:ProMatch appointments',
    // calendar apps that honour it refresh the subscription hourly
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const stamp = utcStamp(options.now);
  for (const appointment of appointments) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:appointment-${appointment.id}@${options.uidDomain}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcStamp(appointment.starts_at)}`,
      `DTEND:${utcStamp(appointment.ends_at)}`,
      `CREATED:${utcStamp(appointment.created_at)}`,
      `LAST-MODIFIED:${utcStamp(appointment.updated_at)}`,
      `SUMMARY:${escapeText(appointment.title)}`,
      `DESCRIPTION:${escapeText(describe(appointment, options.appUrl))}`,
      `STATUS:${statusOf[appointment.status]}`,
      `URL:${options.appUrl}/messages/upcoming`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
