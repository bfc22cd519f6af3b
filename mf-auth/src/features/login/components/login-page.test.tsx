import { renderWithProviders } from '@promatch/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dropCurrentSession, verifyCurrentSession } from '../api/sign-in';
import { LoginPage } from './login-page';

jest.mock('../api/sign-in', () => ({
  signIn: jest.fn(),
  verifySecondFactor: jest.fn(),
  verifyCurrentSession: jest.fn().mockResolvedValue(undefined),
  dropCurrentSession: jest.fn().mockResolvedValue(undefined),
}));

const owesCode = { user: null, mfaRequired: true, isLoading: false };
// The code step is a lazy chunk: its first load in a test run takes a while.
const lazyChunk = { timeout: 15_000 };

describe('LoginPage for a session that owes its second factor', () => {
  beforeEach(() => jest.clearAllMocks());

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
});
