import { renderWithProviders } from '@promatch/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './composer';

describe('composer', () => {
  test('Enter sends the text and clears the box; Shift+Enter starts a new line', async () => {
    const onSend = jest.fn();
    renderWithProviders(<Composer onSend={onSend} onTyping={() => undefined} />);
    const box = screen.getByLabelText('Message');
    await userEvent.type(box, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello\nthere');
    expect(box).toHaveValue('');
  });

  test('blank messages are not sent', async () => {
    const onSend = jest.fn();
    renderWithProviders(<Composer onSend={onSend} onTyping={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Message'), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  test('a refused file shows why', async () => {
    const onAttach = jest.fn().mockResolvedValue('Files can be at most 10 MB; this one is 11 MB.');
    renderWithProviders(
      <Composer onSend={jest.fn()} onTyping={() => undefined} onAttach={onAttach} />,
    );
    await userEvent.upload(
      screen.getByLabelText('Attach a file'),
      new File(['x'], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Files can be at most 10 MB; this one is 11 MB.',
    );
  });

  test('when messaging is not possible the reason replaces the box', () => {
    renderWithProviders(
      <Composer
        onSend={jest.fn()}
        onTyping={() => undefined}
        disabledReason="You have blocked Sam. Unblock them to send messages."
      />,
    );
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('You have blocked Sam.');
  });
});
