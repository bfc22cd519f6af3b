import { renderWithProviders } from '@promatch/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { secondFactorMethods, verifyPasskey } from '../api/passkey';
import { dropCurrentSession, verifyCurrentSession } from '../api/sign-in';
import { LoginPage } from './login-page';

jest.mock('../api/sign-in', () => ({
  signIn: jest.fn(),
  verifySecondFactor: jest.fn(),
  verifyCurrentSession: jest.fn().mockResolvedValue(undefined),
  dropCurrentSession: jest.fn().mockResolvedValue(undefined),
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
    jest.mocked(secondFactorMethods).mockResolvedValue({ totp: true, passkey: false });
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
    jest.mocked(secondFactorMethods).mockResolvedValue({ totp: false, passkey: true });
    renderWithProviders(<LoginPage />, { path: '/login', session: owesCode });
    const button = await screen.findByRole('button', { name: 'Use a passkey' }, lazyChunk);
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await userEvent.click(button);
    // The page's own aal1 session is the one lifted (no pending client after a reload).
    await waitFor(() => expect(verifyPasskey).toHaveBeenCalledWith(null));
  });

  it('offers the code and the passkey when the account has both', async () => {
    jest.mocked(secondFactorMethods).mockResolvedValue({ totp: true, passkey: true });
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
