import { Button, Label } from '@promatch/shared';
import styled from 'styled-components';
import { useAudioLevel } from '../hooks/use-audio-level';
import type { LocalMedia, MediaChoice } from '../hooks/use-local-media';
import { Stage } from './call-styles';
import { VideoView } from './video-view';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(14rem, 1fr);
  gap: 1.5rem;

  @media (max-width: 767px) {
    grid-template-columns: 1fr;
  }

  select {
    width: 100%;
    padding: 0.45rem;
    margin-bottom: 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.375rem;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Meter = styled.meter`
  width: 100%;
  height: 1rem;
  margin-bottom: 1rem;
`;

interface Props {
  media: LocalMedia;
  choice: MediaChoice;
  onChoose(choice: MediaChoice): void;
  onJoin(): void;
  joining: boolean;
}

function DeviceSelect(props: {
  id: string;
  label: string;
  devices: MediaDeviceInfo[];
  value: string | null;
  onChange(id: string): void;
}) {
  return (
    <>
      <Label htmlFor={props.id}>{props.label}</Label>
      <select
        id={props.id}
        value={props.value ?? props.devices[0]?.deviceId ?? ''}
        onChange={(event) => props.onChange(event.target.value)}
        disabled={props.devices.length === 0}
      >
        {props.devices.length === 0 ? <option value="">None found</option> : null}
        {props.devices.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || `${props.label} ${index + 1}`}
          </option>
        ))}
      </select>
    </>
  );
}

/** Before joining: choose the camera and microphone, see yourself, check the microphone works. */
const Heading = styled.h2`
  margin-top: 0;
  font-size: 1.1rem;
`;

export function PreCall({ media, choice, onChoose, onJoin, joining }: Props) {
  const video = media.stream?.getVideoTracks()[0] ?? null;
  const level = useAudioLevel(media.stream?.getAudioTracks()[0] ?? null);
  return (
    <Grid>
      <Stage>
        <VideoView track={video} aria-label="Your camera preview" />
      </Stage>
      <div>
        <Heading>Check your camera and microphone</Heading>
        {media.error ? <p role="alert">{media.error}</p> : null}
        <DeviceSelect
          id="call-camera"
          label="Camera"
          devices={media.cameras}
          value={choice.cameraId}
          onChange={(cameraId) => onChoose({ ...choice, cameraId })}
        />
        <DeviceSelect
          id="call-microphone"
          label="Microphone"
          devices={media.microphones}
          value={choice.microphoneId}
          onChange={(microphoneId) => onChoose({ ...choice, microphoneId })}
        />
        <Label htmlFor="call-level">Microphone level</Label>
        <Meter id="call-level" min={0} max={100} low={10} value={level} data-testid="mic-level">
          {level}
        </Meter>
        <Button type="button" $variant="cta" onClick={onJoin} disabled={joining || !media.stream}>
          {joining ? 'Joining…' : 'Join call'}
        </Button>
      </div>
    </Grid>
  );
}
