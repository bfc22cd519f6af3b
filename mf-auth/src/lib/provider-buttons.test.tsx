import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { loadOAuthProviders } from './oauth';
import { ProviderButtons } from './provider-buttons';

jest.mock('./oauth', () => ({ loadOAuthProviders: jest.fn() }));
const providers = loadOAuthProviders as jest.MockedFunction<typeof loadOAuthProviders>;

describe('ProviderButtons', () => {
  beforeEach(() => jest.clearAllMocks());

  it('shows one "Continue with" button per enabled provider and starts the chosen one', async () => {
    providers.mockResolvedValue([
      { name: 'linkedin_oidc', label: 'LinkedIn' },
      { name: 'google', label: 'Google' },
    ]);
    const onChoose = jest.fn(() => new Promise<void>(() => undefined));
    renderWithProviders(<ProviderButtons onChoose={onChoose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with LinkedIn' }));
    expect(onChoose).toHaveBeenCalledWith('linkedin_oidc');
    expect(screen.getByRole('button', { name: 'Opening LinkedIn…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  });

  it('shows nothing when the server enables no provider', async () => {
    providers.mockResolvedValue([]);
    renderWithProviders(<ProviderButtons onChoose={jest.fn()} />);
    await waitFor(() => expect(providers).toHaveBeenCalled());
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/continue with an account/i)).toBeNull();
  });

  it('stays disabled with the reason while a step before it is missing', async () => {
    providers.mockResolvedValue([{ name: 'linkedin_oidc', label: 'LinkedIn' }]);
    renderWithProviders(
      <ProviderButtons onChoose={jest.fn()} blockedReason="Find your company above first." />,
    );
    expect(await screen.findByRole('button', { name: 'Continue with LinkedIn' })).toBeDisabled();
    expect(screen.getByText('Find your company above first.')).toBeVisible();
  });

  it('shows why the provider could not be opened and lets the person try again', async () => {
    providers.mockResolvedValue([{ name: 'linkedin_oidc', label: 'LinkedIn' }]);
    const onChoose = jest.fn().mockRejectedValueOnce(new Error('LinkedIn cannot be reached'));
    renderWithProviders(<ProviderButtons onChoose={onChoose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with LinkedIn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('LinkedIn cannot be reached');
    expect(screen.getByRole('button', { name: 'Continue with LinkedIn' })).toBeEnabled();
  });
});
