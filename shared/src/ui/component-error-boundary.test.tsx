import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../theme/theme';
import { ComponentErrorBoundary } from './component-error-boundary';

let shouldFail = true;
function Flaky() {
  if (shouldFail) throw new Error('remote unavailable');
  return <p>Loaded</p>;
}

function renderBoundary(reloadPage = jest.fn(), maxRetries?: number) {
  render(
    <ThemeProvider theme={lightTheme}>
      <ComponentErrorBoundary component="Dashboard" reloadPage={reloadPage} maxRetries={maxRetries}>
        <Flaky />
      </ComponentErrorBoundary>
    </ThemeProvider>,
  );
  return reloadPage;
}

describe('ComponentErrorBoundary', () => {
  beforeEach(() => {
    shouldFail = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the component error screen naming the component', () => {
    renderBoundary();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('An error occurred in the Dashboard. This is likely a temporary issue.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(
      screen.getByText('If this problem persists, please contact support.'),
    ).toBeInTheDocument();
  });

  it('recovers on Try Again once the cause is gone', async () => {
    renderBoundary();
    shouldFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Loaded')).toBeInTheDocument();
  });

  it('reloads the page after the allowed retries are used up', async () => {
    const reload = renderBoundary(jest.fn(), 3);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    }
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
