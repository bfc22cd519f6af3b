/**
 * The calendar feed's iCalendar writer, checked by ical.js (a maintained RFC 5545 parser):
 * folding never splits a UTF-8 character, escaping round-trips, times are UTC.
 */
import ICAL from 'ical.js';
import {
  buildCalendar,
  escapeText,
  foldLine,
  type FeedAppointment,
} from '../../../supabase/functions/calendar-feed/ical.ts';

const appointment = (extra: Partial<FeedAppointment> = {}): FeedAppointment => ({
  id: '7b0c5f7e-3c1a-4d7e-9a43-1f2d3c4b5a69',
  title: 'Call',
  description: null,
  status: 'confirmed',
  starts_at: '2026-12-01T09:30:00.000Z',
  ends_at: '2026-12-01T10:00:00.000Z',
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-21T08:00:00.000Z',
  cancel_reason: null,
  other_party: 'Zoë Ødegård',
  ...extra,
});

const options = {
  uidDomain: 'promatch.co.uk',
  now: new Date('2026-11-27T12:00:00Z'),
  appUrl: 'https://promatch.example',
};

describe('calendar feed iCalendar', () => {
  test('lines are folded at 75 octets without splitting a multi-byte character', () => {
    const line = `SUMMARY:${'£€😀'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  test('text is escaped as RFC 5545 asks', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  test('ical.js reads back every field, including a cancelled call and a tentative one', () => {
    const title =
      'Scope 😀, £450/day; fixed\\flexible — a long title that goes on well past the fold';
    const text = buildCalendar(
      [
        appointment({ title, description: 'Line one\nLine two' }),
        appointment({ id: 'a2', status: 'cancelled', cancel_reason: 'Ill, sorry' }),
        appointment({ id: 'a3', status: 'proposed' }),
      ],
      options,
    );
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [first, cancelled, proposed] = calendar.getAllSubcomponents('vevent');
    const event = new ICAL.Event(first);
    expect(event.summary).toBe(title);
    expect(event.description).toContain('Video call with Zoë Ødegård on ProMatch.');
    expect(event.description).toContain('Line one\nLine two');
    expect(event.startDate.toString()).toBe('2026-12-01T09:30:00Z');
    expect(first.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-27T12:00:00Z');
    expect(cancelled.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(new ICAL.Event(cancelled).description).toContain('Cancelled: Ill, sorry');
    expect(proposed.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(new ICAL.Event(proposed).uid).toBe('appointment-a3@promatch.co.uk');
  });

  test('an empty feed is still a valid calendar', () => {
    const calendar = new ICAL.Component(ICAL.parse(buildCalendar([], options)));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
  });
});
