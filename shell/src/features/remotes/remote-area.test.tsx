import { lightTheme } from '@promatch/shared';
// jest maps '@module-federation/enhanced/runtime' to this stand-in (jest.config.cjs).
import { __setRemoteLoader as setRemoteLoader } from '@promatch/shared/testing/federation-runtime';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { RemoteArea } from './remote-area';

jest.mock('./remote-registry', () => ({ remotesDiscovered: () => Promise.resolve() }));

describe('RemoteArea', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the error screen when the remote cannot load, and loads it on Try Again', async () => {
    const requested: string[] = [];
    let available = false;
    setRemoteLoader((id) => {
      requested.push(id);
      return available
        ? Promise.resolve({ default: () => <h1>Dashboard loaded</h1> })
        : Promise.reject(new Error('RUNTIME-003: Failed to get manifest.'));
    });

    // Awaited: the area suspends with React's `use`, whose retries act runs only when awaited.
    await act(async () => {
      render(
        <ThemeProvider theme={lightTheme}>
          <RemoteArea remote="mf_dashboard" label="Dashboard" />
        </ThemeProvider>,
      );
    });
    expect(await screen.findByText(/An error occurred in the Dashboard/)).toBeInTheDocument();

    available = true;
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Try Again' })));
    expect(await screen.findByRole('heading', { name: 'Dashboard loaded' })).toBeInTheDocument();
    expect(requested).toEqual(['mf_dashboard/App', 'mf_dashboard/App']);
  });
});
