import { createThrottledQueue, MAX_QUEUED_EVENTS } from './throttled-queue';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('sends at most one item per second, in order, losing none', () => {
  const sent: number[] = [];
  const queue = createThrottledQueue<number>((item) => sent.push(item));
  [1, 2, 3].forEach((item) => queue.push(item));
  jest.advanceTimersByTime(0);
  expect(sent).toEqual([1]);
  jest.advanceTimersByTime(999);
  expect(sent).toEqual([1]);
  jest.advanceTimersByTime(1);
  expect(sent).toEqual([1, 2]);
  jest.advanceTimersByTime(1000);
  expect(sent).toEqual([1, 2, 3]);
});

test('drain hands back what is waiting and stops sending', () => {
  const sent: number[] = [];
  const queue = createThrottledQueue<number>((item) => sent.push(item));
  [1, 2, 3].forEach((item) => queue.push(item));
  jest.advanceTimersByTime(0);
  expect(queue.drain()).toEqual([2, 3]);
  queue.push(4);
  jest.advanceTimersByTime(5000);
  expect(sent).toEqual([1]);
});

test('a flood keeps only the newest items', () => {
  const queue = createThrottledQueue<number>(() => {});
  for (let item = 0; item < MAX_QUEUED_EVENTS + 10; item += 1) queue.push(item);
  const waiting = queue.drain();
  expect(waiting).toHaveLength(MAX_QUEUED_EVENTS);
  expect(waiting.at(-1)).toBe(MAX_QUEUED_EVENTS + 9);
});
