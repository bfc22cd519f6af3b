import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, renderWithProviders, type FakeCall } from '@promatch/shared/testing';
import { TotpEnrolment } from './totp-enrolment';

let codeAccepted = false;
const respond = (call: FakeCall) => {
  if (call.auth === 'mfa.enroll')
    return {
      data: { id: 'factor-1', totp: { qr_code: 'data:image/png;base64,', secret: 'JBSW' } },
    };
  if (call.auth === 'mfa.challengeAndVerify')
    return codeAccepted
      ? { data: {} }
      : { error: { message: 'Invalid TOTP code entered', code: 'mfa_verification_failed' } };
  return {};
};
const mockFake = fakeSupabase(respond);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

const verifications = () => mockFake.calls.filter((c) => c.auth === 'mfa.challengeAndVerify');

test('a malformed code is refused beside the field and sends nothing; a wrong one shows why', async () => {
  renderWithProviders(<TotpEnrolment />);
  await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
  expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW');

  const field = screen.getByLabelText('Authentication code');
  await userEvent.type(field, '12a');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
  expect(field).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app');
  expect(field).toHaveFocus();
  expect(verifications()).toHaveLength(0);

  await userEvent.clear(field);
  await userEvent.type(field, '123 456');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
  expect(await screen.findByRole('alert')).not.toHaveTextContent('6-digit');
  expect(verifications()[0]?.args).toEqual({ factorId: 'factor-1', code: '123456' });
});

test('the right code enables the authenticator and closes the form', async () => {
  codeAccepted = true;
  renderWithProviders(<TotpEnrolment />);
  await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
  await userEvent.type(await screen.findByLabelText('Authentication code'), '654321');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
  expect(
    await screen.findByRole('button', { name: 'Set up an authenticator app' }),
  ).toBeInTheDocument();
  expect(verifications().at(-1)?.args).toEqual({ factorId: 'factor-1', code: '654321' });
});
