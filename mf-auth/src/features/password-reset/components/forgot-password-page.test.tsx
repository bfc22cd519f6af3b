import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { requestPasswordReset } from '../api/request-password-reset';
import { ForgotPasswordPage, RESET_SENT_MESSAGE } from './forgot-password-page';

jest.mock('../api/request-password-reset', () => ({ requestPasswordReset: jest.fn() }));

async function send(email: string) {
  renderWithProviders(<ForgotPasswordPage />);
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ForgotPasswordPage', () => {
  beforeEach(() => jest.clearAllMocks());

  it('gives the same answer whether or not the address has an account', async () => {
    jest
      .mocked(requestPasswordReset)
      .mockRejectedValueOnce({ status: 400, message: 'User not found' });
    await send('nobody@example.co.uk');
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_SENT_MESSAGE);
  });

  it('says so when rate limited, without revealing anything else', async () => {
    jest
      .mocked(requestPasswordReset)
      .mockRejectedValueOnce({ status: 429, code: 'over_email_send_rate_limit', message: 'x' });
    await send('someone@example.co.uk');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });
});
