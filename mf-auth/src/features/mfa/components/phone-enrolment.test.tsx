import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, renderWithProviders, type FakeCall } from '@promatch/shared/testing';
import { PhoneEnrolment } from './phone-enrolment';

const respond = (call: FakeCall) => {
  if (call.auth === 'mfa.enroll') return { data: { id: 'factor-2', phone: '+447911123456' } };
  if (call.auth === 'mfa.challenge') return { data: { id: 'challenge-1' } };
  if (call.auth === 'mfa.verify')
    return (call.args as { code: string }).code === '111111'
      ? { data: {} }
      : { error: { message: 'Invalid MFA Phone code entered' } };
  return {};
};
const mockFake = fakeSupabase(respond);
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));

test('a number that is not one is refused; a UK mobile is enrolled as E.164, then its code checked', async () => {
  renderWithProviders(<PhoneEnrolment />);
  const number = screen.getByLabelText('Mobile number');
  expect(screen.getByRole('button', { name: 'Text me a code' })).toBeDisabled();
  await userEvent.type(number, '0791');
  await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Please enter a valid UK mobile number, for example 07911 123456.',
  );
  expect(number).toHaveAccessibleDescription(expect.stringContaining('valid UK mobile number'));
  expect(number).toHaveFocus();
  expect(mockFake.calls.filter((c) => c.auth === 'mfa.enroll')).toHaveLength(0);

  await userEvent.clear(number);
  await userEvent.type(number, '07911 123456');
  await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
  const code = await screen.findByLabelText('Code from the text message');
  expect(mockFake.calls.find((c) => c.auth === 'mfa.enroll')?.args).toMatchObject({
    factorType: 'phone',
    phone: '+447911123456',
  });

  await userEvent.type(code, '222222');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'That code is not right. Check the text message and try again.',
  );
  expect(code).toHaveFocus();

  await userEvent.clear(code);
  await userEvent.type(code, '111111');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
  expect(await screen.findByLabelText('Mobile number')).toHaveValue('');
  expect(mockFake.calls.filter((c) => c.auth === 'mfa.verify').at(-1)?.args).toEqual({
    factorId: 'factor-2',
    challengeId: 'challenge-1',
    code: '111111',
  });
});
