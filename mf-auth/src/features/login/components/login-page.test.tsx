import { renderWithProviders } from '@promatch/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { secondFactorMethods, verifyPasskey } from '../api/passkey';
import {
  dropCurrentSession,
  owedFactor,
  sendPhoneCode,
  signIn,
  verifyCurrentSession,
  verifyPhoneCode,
} from '../api/sign-in';
import { LoginPage } from './login-page';

jest.mock('../api/sign-in', () => ({
  signIn: jest.fn(),
  verifySecondFactor: jest.fn(),
  verifyCurrentSession: jest.fn().mockResolvedValue(undefined),
  dropCurrentSession: jest.fn().mockResolvedValue(undefined),
  owedFactor: jest.fn(),
  sendPhoneCode: jest.fn().mockResolvedValue('challenge-1'),
  verifyPhoneCode: jest.fn().mockResolvedValue(undefined),
}));

jest.mock('../api/passkey', () => ({
  secondFactorMethods: jest.fn(),
  verifyPasskey: jest.fn().mockResolvedValue(undefined),
}));

const owesCode = { user: null, mfaRequired: true, isLoading: false };
// The code step is a lazy chunk: its first load in a test run takes a while.
const lazyChunk = { timeout: 15_000 };

describe('LoginPage for a session that owes its second factor', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest
      .mocked(secondFactorMethods)
      .mockResolvedValue({ totp: true, phone: false, passkey: false });
    jest.mocked(owedFactor).mockResolvedValue({ id: 'totp-1', type: 'totp' });
  });

  it('texts a code to a phone-only account, shows the number in UK format, and verifies it', async () => {
    jest
      .mocked(secondFactorMethods)
      .mockResolvedValue({ totp: false, phone: true, passkey: false });
    jest
      .mocked(owedFactor)
      .mockResolvedValue({ id: 'phone-1', type: 'phone', phone: '+447911123456' });
    renderWithProviders(<LoginPage />, { path: '/login', session: owesCode });
    const code = await screen.findByLabelText('Code from the text message', {}, lazyChunk);
    expect(
      await screen.findByText(
        'We sent a 6-digit code by text message to 07911 123456. Enter it to finish signing in.',
        {},
        lazyChunk,
      ),
    ).toBeInTheDocument();
    expect(sendPhoneCode).toHaveBeenCalledTimes(1);
    expect(sendPhoneCode).toHaveBeenCalledWith(null, 'phone-1');
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(verifyPhoneCode).toHaveBeenCalledWith(null, 'phone-1', 'challenge-1', '654321'),
    );
  });

  it('texts a code to an account with a phone and a passkey, and offers the passkey beside it', async () => {
    jest.mocked(secondFactorMethods).mockResolvedValue({ totp: false, phone: true, passkey: true });
    jest
      .mocked(owedFactor)
      .mockResolvedValue({ id: 'phone-1', type: 'phone', phone: '+447911123456' });
    renderWithProviders(<LoginPage />, { path: '/login', session: owesCode });
    expect(
      await screen.findByLabelText('Code from the text message', {}, lazyChunk),
    ).toBeInTheDocument();
    await waitFor(() => expect(sendPhoneCode).toHaveBeenCalledWith(null, 'phone-1'));
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(verifyPasskey).toHaveBeenCalledWith(null));
  });

  it('asks for the code, not the password, and passes it on the current session', async () => {
    renderWithProviders(<LoginPage />, { path: '/login?returnTo=%2Fdashboard', session: owesCode });
    const code = await screen.findByLabelText('Authentication code', {}, lazyChunk);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(verifyCurrentSession).toHaveBeenCalledWith('123456'));
  });

  it('drops the aal1 session when the visitor chooses another account', async () => {
    renderWithProviders(<LoginPage />, { path: '/login', session: owesCode });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use another account' }, lazyChunk),
    );
    expect(dropCurrentSession).toHaveBeenCalled();
  });

  it('shows the password form to a visitor who owes nothing', () => {
    renderWithProviders(<LoginPage />, { path: '/login', session: { mfaRequired: false } });
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });

  it('offers only the passkey to an account whose second factor is a passkey', async () => {
    jest
      .mocked(secondFactorMethods)
      .mockResolvedValue({ totp: false, phone: false, passkey: true });
    renderWithProviders(<LoginPage />, { path: '/login', session: owesCode });
    const button = await screen.findByRole('button', { name: 'Use a passkey' }, lazyChunk);
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await userEvent.click(button);
    // The page's own aal1 session is the one lifted (no pending client after a reload).
    await waitFor(() => expect(verifyPasskey).toHaveBeenCalledWith(null));
  });

  it('offers the code and the passkey when the account has both', async () => {
    jest.mocked(secondFactorMethods).mockResolvedValue({ totp: true, phone: false, passkey: true });
    jest.mocked(verifyPasskey).mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
        code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
      }),
    );
    renderWithProviders(<LoginPage />, { path: '/login', session: owesCode });
    expect(await screen.findByLabelText('Authentication code', {}, lazyChunk)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey prompt was cancelled or timed out',
    );
  });
});

describe('LoginPage failure counter', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    window.localStorage.clear();
  });

  it('after three failures in this browser says so and makes the next attempt wait', async () => {
    jest
      .mocked(signIn)
      .mockRejectedValue(Object.assign(new Error('Invalid login credentials'), { status: 400 }));
    renderWithProviders(<LoginPage />, { path: '/login', session: { mfaRequired: false } });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.co.uk');
    await userEvent.type(screen.getByLabelText('Password'), 'Wrong-pass-1');
    const button = screen.getByRole('button', { name: 'Sign In' });
    for (let i = 0; i < 2; i += 1) {
      await userEvent.click(button);
      await waitFor(() => expect(signIn).toHaveBeenCalledTimes(i + 1));
    }
    expect(screen.queryByTestId('attempt-notice')).not.toBeInTheDocument();
    await userEvent.click(button);
    const notice = await screen.findByTestId('attempt-notice');
    expect(notice).toHaveTextContent(
      '3 sign-in attempts from this browser failed. To protect your account, you can try again in 5 seconds.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    // The count is this browser's and survives a reload; a success clears it.
    expect(
      JSON.parse(window.localStorage.getItem('promatch:sign-in-failures') ?? '{}'),
    ).toMatchObject({ failures: 3 });
  });
});
