import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { GetAccessPage } from './get-access-page';

const createLead = jest.fn().mockResolvedValue({});
jest.mock('../api/create-lead', () => ({
  ...jest.requireActual('../api/create-lead'),
  useCreateLead: () => ({ mutateAsync: createLead }),
}));

describe('GetAccessPage', () => {
  it('needs explicit consent before anything is stored', async () => {
    renderWithProviders(<GetAccessPage />, '/get-access');
    await userEvent.type(screen.getByLabelText('Email'), 'lead@example.co.uk');
    await userEvent.click(screen.getByRole('button', { name: 'Get access' }));
    expect(
      await screen.findByText('Please agree so we can store your details'),
    ).toBeInTheDocument();
    expect(createLead).not.toHaveBeenCalled();
    await userEvent.click(
      screen.getByRole('checkbox', { name: /I agree that ProMatch may store/ }),
    );
    await userEvent.type(screen.getByLabelText('Company (optional)'), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Get access' }));
    await waitFor(() =>
      expect(createLead.mock.calls[0]?.[0]).toMatchObject({
        email: 'lead@example.co.uk',
        company: 'Acme',
        consent: true,
      }),
    );
  });
});
