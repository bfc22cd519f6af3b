import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '@promatch/shared';
import { BACK_ONLINE_MS, OfflineIndicator } from './offline-indicator';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  setOnline(true);
});

test('announces going offline and coming back, politely', () => {
  render(
    <ThemeProvider theme={lightTheme}>
      <OfflineIndicator />
    </ThemeProvider>,
  );
  const region = screen.getByRole('status');
  expect(region).toHaveAttribute('aria-live', 'polite');
  expect(region).toBeEmptyDOMElement();

  setOnline(false);
  expect(region).toHaveTextContent('You are offline');

  setOnline(true);
  expect(region).toHaveTextContent('You are back online.');
  act(() => {
    jest.advanceTimersByTime(BACK_ONLINE_MS);
  });
  expect(region).toBeEmptyDOMElement();
});
