import { formatGbp } from './money';

test('whole pounds in the en-GB style, rounded to the pound', () => {
  expect(formatGbp(1250)).toBe('£1,250');
  expect(formatGbp(0)).toBe('£0');
  expect(formatGbp(29.5)).toBe('£30');
});
