import { parseBanDuration } from './ban-duration.ts';

describe('parseBanDuration', () => {
  const now = Date.UTC(2026, 0, 1);

  it('parses Go durations', () => {
    expect(parseBanDuration('24h', now)?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(parseBanDuration('1h30m', now)?.toISOString()).toBe('2026-01-01T01:30:00.000Z');
  });

  it('lifts a ban with none', () => expect(parseBanDuration('none', now)).toBeNull());

  it('refuses anything else', () => {
    expect(() => parseBanDuration('forever', now)).toThrow(/ban duration/);
    expect(() => parseBanDuration('24hx', now)).toThrow(/ban duration/);
  });
});
