import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import type { ConsentState } from '../utils/consent';
import { RecordingControls } from './recording-controls';

function recordingIn(state: ConsentState, saved: string | null = null) {
  return {
    state,
    saved,
    ask: jest.fn(),
    accept: jest.fn(),
    decline: jest.fn(),
    stop: jest.fn(),
    received: jest.fn(),
    peerGone: jest.fn(),
  };
}

test('asking is possible only once the other party is connected', async () => {
  const recording = recordingIn({ phase: 'off', notice: null });
  const waiting = renderWithProviders(
    <RecordingControls recording={recording} partnerName="Priya" live={false} />,
  );
  expect(screen.getByRole('button', { name: 'Ask to record' })).toBeDisabled();
  waiting.unmount();
  renderWithProviders(<RecordingControls recording={recording} partnerName="Priya" live />);
  await userEvent.click(screen.getByRole('button', { name: 'Ask to record' }));
  expect(recording.ask).toHaveBeenCalled();
});

test('the other party’s request is answered with accept or decline', async () => {
  const recording = recordingIn({ phase: 'asked' });
  renderWithProviders(<RecordingControls recording={recording} partnerName="Priya" live />);
  const prompt = screen.getByRole('alertdialog', { name: 'Recording request' });
  expect(prompt).toHaveTextContent('Priya asks to record this call.');
  await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
  expect(recording.decline).toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Accept recording' }));
  expect(recording.accept).toHaveBeenCalled();
});

test('while recording both see the indicator and either can stop it', async () => {
  const recording = recordingIn({ phase: 'recording', recorder: false });
  renderWithProviders(<RecordingControls recording={recording} partnerName="Priya" live />);
  expect(screen.getByTestId('recording-indicator')).toHaveTextContent('Recording');
  expect(screen.queryByRole('button', { name: 'Ask to record' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
  expect(recording.stop).toHaveBeenCalled();
});

test('a declined request says so', () => {
  renderWithProviders(
    <RecordingControls
      recording={recordingIn({ phase: 'off', notice: 'Priya declined to record the call.' })}
      partnerName="Priya"
      live
    />,
  );
  expect(screen.getByRole('status')).toHaveTextContent('Priya declined to record the call.');
});
