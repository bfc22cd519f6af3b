import { lightTheme } from '@promatch/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { RECOVERY_DELAY_MS, RecoveryErrorBoundary } from './recovery-error-boundary';

let failing = true;
function Widget() {
  if (failing) throw new Error('widget failed');
  return <p>Widget back</p>;
}

test('shows "{component} Error" with retry attempts, and "Recovering..." for 1 s before retrying', () => {
  jest.useFakeTimers();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <ThemeProvider theme={lightTheme}>
      <RecoveryErrorBoundary component="Announcement" maxRetries={3}>
        <Widget />
      </RecoveryErrorBoundary>
    </ThemeProvider>,
  );
  expect(screen.getByRole('heading', { name: 'Announcement Error' })).toBeInTheDocument();
  expect(screen.getByText('Retry attempts: 0/3')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');

  failing = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(screen.getByText('Recovering...')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(RECOVERY_DELAY_MS));
  expect(screen.getByText('Widget back')).toBeInTheDocument();
  jest.useRealTimers();
  jest.restoreAllMocks();
});
