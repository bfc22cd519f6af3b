import { rowsToTimes } from './proposal-times';

const now = Date.parse('2026-03-20T12:00:00Z');

describe('booking form times', () => {
  test('UK rows become UTC instants, across the change to summer time', () => {
    expect(
      rowsToTimes(
        [
          { date: '2026-03-28', time: '10:00' },
          { date: '2026-03-30', time: '10:00' },
        ],
        now,
      ),
    ).toEqual({ times: ['2026-03-28T10:00:00.000Z', '2026-03-30T09:00:00.000Z'] });
  });

  test('missing, non-existent, past and repeated times are explained', () => {
    expect(rowsToTimes([{ date: '', time: '10:00' }], now)).toEqual({
      error: 'Enter a date and a time.',
    });
    expect(rowsToTimes([{ date: '2026-03-29', time: '01:15' }], now)).toEqual({
      error: '2026-03-29 01:15 does not exist in UK time (the clocks go forward then).',
    });
    expect(
      rowsToTimes(
        [
          { date: '2026-03-28', time: '10:00' },
          { date: '2026-03-01', time: '10:00' },
        ],
        now,
      ),
    ).toEqual({ error: 'Time 2: choose a time in the future.' });
    expect(
      rowsToTimes(
        [
          { date: '2026-03-28', time: '10:00' },
          { date: '2026-03-28', time: '10:00' },
        ],
        now,
      ),
    ).toEqual({ error: 'The same time is proposed twice.' });
  });
});
