import { formatDuration } from './duration';

test('call lengths read as a person would say them', () => {
  expect([15, 60, 90, 120, 61].map(formatDuration)).toEqual([
    '15 minutes',
    '1 hour',
    '1 hour 30 minutes',
    '2 hours',
    '1 hour 1 minute',
  ]);
});
