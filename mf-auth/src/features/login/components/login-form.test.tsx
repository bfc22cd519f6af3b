import { toast } from '@promatch/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { LoginForm } from './login-form';

jest.mock('@promatch/shared', () => ({
  ...jest.requireActual('@promatch/shared'),
  toast: jest.fn(),
}));
const lastToast = () => jest.mocked(toast).mock.calls.at(-1)?.[0];

describe('LoginForm', () => {
  beforeEach(() => jest.mocked(toast).mockClear());

  it('blocks a blank submit with the Missing Information toast', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<LoginForm submitLabel="Sign In" onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({
      title: 'Missing Information',
      description: 'Please enter both email and password.',
    });
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });

  it('shows the validation messages while typing and disables submit', async () => {
    renderWithProviders(<LoginForm submitLabel="Sign In" onSubmit={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });

  it('submits valid credentials and toggles the password visibility', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderWithProviders(<LoginForm submitLabel="Find Cybersecurity Experts" onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Find Cybersecurity Experts' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'a@b.co', password: 'secret1' }),
    );
  });
});
