import { swipeDirection } from './use-swipe';

test.each([
  [60, 10, 'right'],
  [-60, 10, 'left'],
  [50, 0, null],
  [40, 70, 'down'],
  [55, -60, 'up'],
  [-20, 30, null],
])('a move of (%p, %p) is %p', (dx, dy, expected) => {
  expect(swipeDirection(dx, dy)).toBe(expected);
});
