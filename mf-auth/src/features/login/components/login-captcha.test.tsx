import { provideRuntimeConfig } from '@promatch/shared';
import { renderWithProviders } from '@promatch/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../api/sign-in';
import { LoginPage } from './login-page';

jest.mock('../api/sign-in', () => ({
  signIn: jest.fn(),
  verifySecondFactor: jest.fn(),
  verifyCurrentSession: jest.fn(),
  dropCurrentSession: jest.fn(),
  owedFactor: jest.fn(),
  sendPhoneCode: jest.fn(),
  verifyPhoneCode: jest.fn(),
}));

/** Turnstile's explicit-render API as the provider's script defines it on the page. */
const solved: { callback?: (token: string) => void } = {};
const turnstile = {
  render: jest.fn((_container: HTMLElement, options: { callback(token: string): void }) => {
    solved.callback = options.callback;
    return 'widget-1';
  }),
  reset: jest.fn(),
};

beforeAll(() => {
  provideRuntimeConfig({
    supabaseUrl: 'http://localhost:54321',
    supabaseAnonKey: 'anon',
    videoProvider: 'p2p',
    features: {},
    captcha: { provider: 'turnstile', siteKey: '0x4AAA-site-key' },
  });
  // jsdom has no fetch, and loadRuntimeConfig names it as its default argument; the provided
  // configuration is what it answers with.
  Object.assign(window, { turnstile, fetch: jest.fn() });
});

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
});

it('with a captcha configured, asks for the check first, sends its token once, then resets it', async () => {
  jest
    .mocked(signIn)
    .mockRejectedValue(Object.assign(new Error('Invalid login credentials'), { status: 400 }));
  renderWithProviders(<LoginPage />, { path: '/login', session: { mfaRequired: false } });
  await waitFor(() =>
    expect(turnstile.render).toHaveBeenCalledWith(
      screen.getByTestId('captcha'),
      expect.objectContaining({ sitekey: '0x4AAA-site-key' }),
    ),
  );
  await userEvent.type(screen.getByLabelText('Email'), 'sam@example.co.uk');
  await userEvent.type(screen.getByLabelText('Password'), 'Wrong-pass-1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(await screen.findByText('Please complete the security check first.')).toBeVisible();
  expect(signIn).not.toHaveBeenCalled();

  act(() => solved.callback?.('token-from-turnstile'));
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await waitFor(() =>
    expect(signIn).toHaveBeenCalledWith(
      { email: 'sam@example.co.uk', password: 'Wrong-pass-1' },
      'token-from-turnstile',
    ),
  );
  await waitFor(() => expect(turnstile.reset).toHaveBeenCalledWith('widget-1'));
});

it('with a captcha, repeated failures ask for the check each time instead of a wait', async () => {
  jest
    .mocked(signIn)
    .mockRejectedValue(Object.assign(new Error('Invalid login credentials'), { status: 400 }));
  renderWithProviders(<LoginPage />, { path: '/login', session: { mfaRequired: false } });
  await waitFor(() => expect(turnstile.render).toHaveBeenCalled());
  await userEvent.type(screen.getByLabelText('Email'), 'sam@example.co.uk');
  await userEvent.type(screen.getByLabelText('Password'), 'Wrong-pass-1');
  for (let i = 1; i <= 3; i += 1) {
    act(() => solved.callback?.(`token-${i}`));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(i));
  }
  expect(await screen.findByTestId('attempt-notice')).toHaveTextContent(
    '3 sign-in attempts from this browser failed. Complete the security check below before each new attempt.',
  );
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});
