import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import type { NewRule } from '../api/rules';
import { RuleForm } from './rule-form';

/** The row the form hands on, with what a test does not name left empty. */
const rule = (fields: Partial<NewRule>): NewRule => ({
  name: '',
  event: 'message.received',
  condition_kind: 'none',
  condition_value: null,
  action: 'notify',
  action_text: null,
  webhook_endpoint_id: null,
  ...fields,
});

describe('RuleForm', () => {
  test('offers only the conditions and actions that fit the event, and builds the rule', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<RuleForm webhooks={[]} onSubmit={onSubmit} pending={false} />);
    const options = (label: string) =>
      Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.value);

    await userEvent.selectOptions(screen.getByLabelText('When'), 'appointment.booked');
    expect(options('Then')).not.toContain('auto_reply');
    expect(options('If')).not.toContain('message_contains');

    await userEvent.selectOptions(screen.getByLabelText('When'), 'message.received');
    await userEvent.selectOptions(screen.getByLabelText('If'), 'message_contains');
    await userEvent.selectOptions(screen.getByLabelText('Then'), 'auto_reply');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    // the resolver validates asynchronously: on a busy machine the messages come after the click
    expect(await screen.findByText('Give the rule a name.')).toBeVisible();
    expect(screen.getByText('Fill in the condition.')).toBeVisible();
    expect(screen.getByText('Write the reply.')).toBeVisible();
    expect(screen.getByLabelText('Rule name')).toHaveFocus();
    expect(screen.getByLabelText('Reply')).toHaveAccessibleDescription(
      expect.stringContaining('Write the reply.'),
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Rule name'), 'Invoices');
    await userEvent.type(screen.getByLabelText('Text the message contains'), 'invoice');
    await userEvent.type(screen.getByLabelText('Reply'), 'Thanks {{{{name}}, accounts will reply.');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        rule({
          name: 'Invoices',
          condition_kind: 'message_contains',
          condition_value: 'invoice',
          action: 'auto_reply',
          action_text: 'Thanks {{name}}, accounts will reply.',
        }),
      ),
    );
  });

  test('a webhook action needs a webhook, and a new event drops what it does not offer', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(
      <RuleForm
        webhooks={[{ id: 'wh-1', label: 'Accounts' }]}
        onSubmit={onSubmit}
        pending={false}
      />,
    );
    await userEvent.type(screen.getByLabelText('Rule name'), 'Bookings to accounts');
    await userEvent.selectOptions(screen.getByLabelText('If'), 'message_contains');
    await userEvent.selectOptions(screen.getByLabelText('Then'), 'auto_reply');
    await userEvent.selectOptions(screen.getByLabelText('When'), 'appointment.booked');
    expect(screen.getByLabelText('If')).toHaveValue('none');
    expect(screen.getByLabelText('Then')).toHaveValue('notify');

    await userEvent.selectOptions(screen.getByLabelText('Then'), 'webhook');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('Choose a webhook.')).toBeVisible();
    expect(screen.getByLabelText('Webhook')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText('Webhook'), 'wh-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        rule({
          name: 'Bookings to accounts',
          event: 'appointment.booked',
          action: 'webhook',
          webhook_endpoint_id: 'wh-1',
        }),
      ),
    );
  });
});
