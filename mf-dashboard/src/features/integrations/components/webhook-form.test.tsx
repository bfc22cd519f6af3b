import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { WebhookForm } from './webhook-form';

describe('WebhookForm', () => {
  test('says what is missing and sends nothing until the address and an event are given', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<WebhookForm onSubmit={onSubmit} pending={false} />);
    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'ftp://example.com/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(
      await screen.findByText('Only http and https addresses can receive webhooks.'),
    ).toBeVisible();
    expect(screen.getByText('Choose at least one event.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Endpoint URL'));
    await userEvent.type(screen.getByLabelText('Endpoint URL'), ' https://crm.example.com/in ');
    await userEvent.click(screen.getByRole('checkbox', { name: /New proposal/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Project hired/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      url: 'https://crm.example.com/in',
      description: '',
      events: ['proposal.received', 'project.hired'],
    });
  });
});
