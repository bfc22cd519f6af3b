import { renderWithProviders } from '@promatch/shared/testing';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookingForm } from './booking-form';

const setUp = () => {
  const onSubmit = jest.fn().mockResolvedValue(undefined);
  renderWithProviders(
    <BookingForm
      label="Book a call with Ada"
      submitLabel="Propose times"
      onSubmit={onSubmit}
      onCancel={jest.fn()}
    />,
  );
  return onSubmit;
};

const setTime = (index: number, date: string, time: string) => {
  fireEvent.change(screen.getAllByLabelText('Date (UK)')[index]!, { target: { value: date } });
  fireEvent.change(screen.getAllByLabelText('Start time (UK)')[index]!, {
    target: { value: time },
  });
};

describe('booking form', () => {
  test('says times are UK time and sends up to three as UTC instants, with length and note', async () => {
    const onSubmit = setUp();
    expect(screen.getByRole('form', { name: 'Book a call with Ada' })).toHaveTextContent(
      'Times are UK time (Europe/London)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add another time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add another time' }));
    expect(screen.queryByRole('button', { name: 'Add another time' })).not.toBeInTheDocument();
    setTime(0, '2030-01-15', '10:00');
    setTime(1, '2030-07-15', '10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Remove time 3' }));
    await userEvent.selectOptions(screen.getByLabelText('Length'), '1 hour');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Scope review');
    await userEvent.click(screen.getByRole('button', { name: 'Propose times' }));
    expect(onSubmit).toHaveBeenCalledWith({
      times: ['2030-01-15T10:00:00.000Z', '2030-07-15T09:00:00.000Z'],
      durationMinutes: 60,
      note: 'Scope review',
    });
  });

  test('a time skipped by the clocks going forward is refused with the reason', async () => {
    const onSubmit = setUp();
    setTime(0, '2030-03-31', '01:30');
    await userEvent.click(screen.getByRole('button', { name: 'Propose times' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '2030-03-31 01:30 does not exist in UK time (the clocks go forward then).',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('the server’s refusal is shown in the form', async () => {
    const onSubmit = jest
      .fn()
      .mockRejectedValue(new Error('You cannot book a call with this user.'));
    renderWithProviders(
      <BookingForm
        label="Book"
        submitLabel="Propose times"
        onSubmit={onSubmit}
        onCancel={jest.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Propose times' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot book a call with this user.',
    );
  });
});
