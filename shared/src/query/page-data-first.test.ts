import { afterPageData, pageDataSettled, resetPageDataGate } from './page-data-first';

beforeEach(() => {
  jest.useFakeTimers();
  resetPageDataGate();
});
afterEach(() => jest.useRealTimers());

test('what waits runs when the page says its data has settled, and later callers at once', () => {
  const header = jest.fn();
  afterPageData(header);
  jest.advanceTimersByTime(10);
  expect(header).not.toHaveBeenCalled();
  pageDataSettled();
  jest.advanceTimersByTime(0); // then the first idle moment (no requestIdleCallback in jsdom)
  expect(header).toHaveBeenCalledTimes(1);
  const later = jest.fn();
  afterPageData(later);
  expect(later).toHaveBeenCalledTimes(1);
});

test('a page that never says so holds nothing past 1.2 s after navigation', () => {
  const header = jest.fn();
  afterPageData(header);
  jest.advanceTimersByTime(1100);
  expect(header).not.toHaveBeenCalled();
  jest.advanceTimersByTime(100); // 1.2 s
  jest.runOnlyPendingTimers(); // then the first idle moment
  expect(header).toHaveBeenCalledTimes(1);
});

test('a cancelled wait does not run', () => {
  const header = jest.fn();
  const cancel = afterPageData(header);
  cancel();
  pageDataSettled();
  jest.advanceTimersByTime(0);
  expect(header).not.toHaveBeenCalled();
});
