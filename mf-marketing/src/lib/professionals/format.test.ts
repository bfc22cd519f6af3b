import { formatRateRange, initials } from './format';

describe('format', () => {
  it('takes the initials of up to two words', () => {
    expect(initials('Ada Lovelace King')).toBe('AL');
    expect(initials('  priya ')).toBe('P');
  });

  it('formats hourly rates in pounds', () => {
    expect(formatRateRange(45, 80)).toBe('£45–£80/hr');
    expect(formatRateRange(60, 60)).toBe('£60/hr');
    expect(formatRateRange(null, 90)).toBe('£90/hr');
    expect(formatRateRange(null, null)).toBe('Rate on request');
  });
});
