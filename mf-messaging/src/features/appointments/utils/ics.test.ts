import { buildIcs, foldLine, icsDateTime, icsText } from './ics';

/** Unfolds and splits into [name, value] pairs, as a calendar reader would. */
function parse(ics: string): [string, string][] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

describe('the .ics file of a confirmed call', () => {
  const ics = buildIcs({
    uid: '7d1c7c1e-2f0a-4d8e-9a55-0f1f3b7f8a10@promatch',
    startsAt: '2026-07-15T13:30:00Z',
    endsAt: '2026-07-15T14:00:00.000Z',
    summary: 'ProMatch call with Zoë Smith, Ltd; part 2',
    description: `Agenda:\nMigration plan ${'détails '.repeat(20)}`,
    url: 'http://localhost:3000/messages/abc',
    stamp: new Date('2026-07-01T09:00:05Z'),
  });

  test('has the required properties, times in UTC', () => {
    const props = new Map(parse(ics));
    expect(parse(ics)[0]).toEqual(['BEGIN', 'VCALENDAR']);
    expect(parse(ics).at(-1)).toEqual(['END', 'VCALENDAR']);
    expect(props.get('VERSION')).toBe('2.0');
    expect(props.get('PRODID')).toBe('-//ProMatch//Appointments//EN');
    expect(props.get('UID')).toBe('7d1c7c1e-2f0a-4d8e-9a55-0f1f3b7f8a10@promatch');
    expect(props.get('DTSTAMP')).toBe('20260701T090005Z');
    expect(props.get('DTSTART')).toBe('20260715T133000Z');
    expect(props.get('DTEND')).toBe('20260715T140000Z');
    expect(props.get('SUMMARY')).toBe('ProMatch call with Zoë Smith\\, Ltd\\; part 2');
  });

  test('uses CRLF only, and no line is longer than 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
  });

  test('folding never splits a character and unfolds to the original', () => {
    const long = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(long);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(folded).not.toContain('\uFFFD');
  });

  test('text values are escaped and dates are UTC basic format', () => {
    expect(icsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    expect(icsDateTime('2026-10-25T00:30:00.000Z')).toBe('20261025T003000Z');
  });
});
