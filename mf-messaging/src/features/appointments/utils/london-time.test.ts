import { formatLondon, londonFields, londonOffsetMinutes, londonToUtc } from './london-time';

describe('UK time for appointments', () => {
  test('winter times are GMT and summer times BST', () => {
    expect(londonToUtc('2026-01-15', '14:30')?.toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(londonToUtc('2026-07-15', '14:30')?.toISOString()).toBe('2026-07-15T13:30:00.000Z');
    expect(londonOffsetMinutes(Date.parse('2026-07-15T12:00:00Z'))).toBe(60);
    expect(londonOffsetMinutes(Date.parse('2026-01-15T12:00:00Z'))).toBe(0);
  });

  test('the hour skipped when clocks go forward does not exist', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(londonToUtc('2026-03-29', '01:30')).toBeNull();
    expect(londonToUtc('2026-03-29', '00:30')?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(londonToUtc('2026-03-29', '02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  test('the repeated hour when clocks go back means its first (BST) occurrence', () => {
    // 25 October 2026: 02:00 BST becomes 01:00 GMT, so 01:30 happens twice.
    expect(londonToUtc('2026-10-25', '01:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(londonToUtc('2026-10-25', '03:00')?.toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  test('malformed input is refused', () => {
    expect(londonToUtc('26/11/2026', '14:30')).toBeNull();
    expect(londonToUtc('2026-02-30', '10:00')).toBeNull();
    expect(londonToUtc('2026-11-26', '25:00')).toBeNull();
  });

  test('shown with the zone named, and round-tripped to form fields', () => {
    expect(formatLondon('2026-07-15T13:30:00Z')).toBe('Wed 15 Jul 2026, 14:30 BST');
    expect(formatLondon('2026-01-15T14:30:00Z')).toBe('Thu 15 Jan 2026, 14:30 GMT');
    expect(londonFields(new Date('2026-07-15T23:30:00Z'))).toEqual({
      date: '2026-07-16',
      time: '00:30',
    });
  });
});
