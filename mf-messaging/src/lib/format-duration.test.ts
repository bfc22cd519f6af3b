import { durationInWords, formatDuration } from './format-duration';

test('a call’s length as a clock and in words', () => {
  expect([0, 7, 125, 3723].map(formatDuration)).toEqual(['0:00', '0:07', '2:05', '1:02:03']);
  expect([0, 1, 125, 3600].map(durationInWords)).toEqual([
    '0 seconds',
    '1 second',
    '2 minutes 5 seconds',
    '1 hour',
  ]);
});
