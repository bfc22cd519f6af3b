import { toast } from '@promatch/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { signUp } from '../api/sign-up';
import { RegisterForm } from './register-form';

jest.mock('@promatch/shared', () => ({
  ...jest.requireActual('@promatch/shared'),
  toast: jest.fn(),
}));
jest.mock('../api/sign-up', () => ({ signUp: jest.fn() }));
jest.mock('../api/get-subscription-plans', () => ({
  useSubscriptionPlans: () => ({
    isPending: false,
    isError: false,
    data: [
      {
        type: 'free',
        name: 'Free',
        price_monthly: 0,
        commission_rate: 15,
        limits: { monthly_applications: 10 },
      },
      {
        type: 'pro',
        name: 'Pro',
        price_monthly: 29,
        commission_rate: 10,
        limits: { monthly_applications: -1 },
      },
    ],
  }),
}));

const renderForm = (plan: string | null = null) => {
  const onSuccess = jest.fn();
  renderWithProviders(
    <RegisterForm
      plan={plan}
      onSuccess={onSuccess}
      renderCompanyLookup={() => <p>company lookup</p>}
    />,
  );
  return onSuccess;
};

describe('RegisterForm', () => {
  beforeEach(() => jest.clearAllMocks());

  it('preselects ?plan=pro, marks it Most Popular, and business hides it and resets to free', async () => {
    renderForm('pro');
    expect(screen.getByRole('radio', { name: /Most Popular/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Business Account' }));
    expect(screen.queryByRole('radio', { name: /Most Popular/ })).not.toBeInTheDocument();
    expect(screen.getByText('company lookup')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Professional Account' }));
    expect(screen.getByRole('radio', { name: /^Free/ })).toBeChecked();
  });

  it('lists what to fix in a box and a toast on a blank submit', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const box = screen.getByText('Please fix the following errors:').closest('[role="alert"]');
    expect(box).toHaveTextContent('Name is required');
    expect(box).toHaveTextContent('Email is required');
    expect(box).toHaveTextContent('Password is required');
    expect(jest.mocked(toast)).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Please fix the following errors:' }),
    );
    expect(signUp).not.toHaveBeenCalled();
  });

  it('signs up with the chosen plan and shows the product message on failure', async () => {
    // GoTrue's answer for a password on the breached list (supabase-js's AuthWeakPasswordError).
    jest.mocked(signUp).mockRejectedValueOnce({
      name: 'AuthWeakPasswordError',
      code: 'weak_password',
      status: 422,
      reasons: ['pwned'],
      message: 'Password is known to be weak and easy to guess, please choose a different one.',
    });
    const onSuccess = renderForm('pro');
    await userEvent.type(screen.getByLabelText('Full name'), 'Priya Patel');
    await userEvent.type(screen.getByLabelText('Email'), 'priya@example.co.uk');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret1x');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText(
        'This password is too common and easy to guess. Please choose a different one.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('professional'));
    // No captcha configured (no captcha in /config.json): no token is sent.
    expect(signUp).toHaveBeenLastCalledWith(
      expect.objectContaining({ selectedPlan: 'pro', name: 'Priya Patel', company_data: null }),
      undefined,
    );
  });
});
