import { Button, Text } from '@promatch/shared';
import styled from 'styled-components';
import type { useRecording } from '../hooks/use-recording';

const Indicator = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.danger};

  &::before {
    content: '';
    width: 0.7rem;
    height: 0.7rem;
    border-radius: 50%;
    background: currentColor;
  }
`;

const Prompt = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  justify-content: center;
  padding: 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

type Recording = ReturnType<typeof useRecording>;

/** Ask to record, answer the other side's request, see and stop a recording in progress. */
export function RecordingControls({
  recording,
  partnerName,
  live,
}: {
  recording: Recording;
  partnerName: string;
  live: boolean;
}) {
  const { state } = recording;
  return (
    <div>
      {state.phase === 'recording' ? (
        <Text role="status" $align="center">
          <Indicator data-testid="recording-indicator">Recording</Indicator> Both of you agreed to
          record this call.{' '}
          <Button type="button" $size="sm" $variant="outline" onClick={recording.stop}>
            Stop recording
          </Button>
        </Text>
      ) : null}
      {state.phase === 'asked' ? (
        <Prompt role="alertdialog" aria-label="Recording request">
          <span>
            {partnerName} asks to record this call. The recording will be in both of your Files.
          </span>
          <Button type="button" $size="sm" onClick={recording.accept}>
            Accept recording
          </Button>
          <Button type="button" $size="sm" $variant="outline" onClick={recording.decline}>
            Decline
          </Button>
        </Prompt>
      ) : null}
      {state.phase === 'asking' ? (
        <Text role="status" $align="center">
          Waiting for {partnerName} to agree to recording…{' '}
          <Button type="button" $size="sm" $variant="ghost" onClick={recording.stop}>
            Cancel
          </Button>
        </Text>
      ) : null}
      {state.phase === 'off' ? (
        <Text $align="center">
          <Button
            type="button"
            $size="sm"
            $variant="outline"
            disabled={!live}
            onClick={recording.ask}
          >
            Ask to record
          </Button>
        </Text>
      ) : null}
      {state.phase === 'off' && state.notice ? <p role="status">{state.notice}</p> : null}
      {recording.saved ? <p role="status">{recording.saved}</p> : null}
    </div>
  );
}
