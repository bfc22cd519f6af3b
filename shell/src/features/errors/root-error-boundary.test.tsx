import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RootErrorBoundary } from './root-error-boundary';
import { clearVolatileStorage } from './root-error-screen';

let failing = true;
function App() {
  if (failing) throw new Error('boom');
  return <p>Recovered</p>;
}

describe('root error screen', () => {
  beforeEach(() => {
    failing = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('counts attempts out of 4, then reloads the page', async () => {
    const reload = jest.fn();
    render(
      <RootErrorBoundary reloadPage={reload}>
        <App />
      </RootErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Application Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/This is likely a temporary problem\./);
    expect(screen.getByText('attempt 1/4')).toBeInTheDocument();
    for (const remaining of [3, 2, 1]) {
      await userEvent.click(
        screen.getByRole('button', { name: `Try Again (${remaining} attempts remaining)` }),
      );
    }
    expect(screen.getByText('attempt 4/4')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again (0 attempts remaining)' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('recovers when a retry succeeds, and links home', async () => {
    render(
      <RootErrorBoundary reloadPage={jest.fn()}>
        <App />
      </RootErrorBoundary>,
    );
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });

  it('Refresh Page clears stored analytics, accessibility and session keys, then reloads', async () => {
    localStorage.setItem('promatch.analytics.queue', '[]');
    localStorage.setItem('promatch.accessibility', '{}');
    localStorage.setItem('promatch.preferences', '{}');
    sessionStorage.setItem('promatch.session-id', 'abc');
    const reload = jest.fn();
    render(
      <RootErrorBoundary reloadPage={reload}>
        <App />
      </RootErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(localStorage.getItem('promatch.analytics.queue')).toBeNull();
    expect(localStorage.getItem('promatch.accessibility')).toBeNull();
    expect(sessionStorage.getItem('promatch.session-id')).toBeNull();
    expect(localStorage.getItem('promatch.preferences')).toBe('{}');
    expect(reload).toHaveBeenCalled();
  });

  it('clearVolatileStorage leaves other keys alone', () => {
    localStorage.clear();
    localStorage.setItem('keep-me', '1');
    localStorage.setItem('SESSION_X', '1');
    clearVolatileStorage();
    expect(localStorage.getItem('keep-me')).toBe('1');
    expect(localStorage.getItem('SESSION_X')).toBeNull();
  });
});
