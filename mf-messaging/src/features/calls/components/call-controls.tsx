import { Button } from '@promatch/shared';
import { useState } from 'react';
import { Toolbar } from './call-styles';

interface Props {
  hasCamera: boolean;
  sharing: boolean;
  onMute(muted: boolean): void;
  onCameraOff(off: boolean): void;
  onShare(): void;
  onEnd(): void;
}

/** Mute, camera off, screen share and end: the buttons under the video. */
export function CallControls({ hasCamera, sharing, onMute, onCameraOff, onShare, onEnd }: Props) {
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  return (
    <Toolbar>
      <Button
        type="button"
        $variant="secondary"
        aria-pressed={muted}
        onClick={() => {
          onMute(!muted);
          setMuted(!muted);
        }}
      >
        {muted ? 'Unmute' : 'Mute'}
      </Button>
      <Button
        type="button"
        $variant="secondary"
        aria-pressed={cameraOff}
        disabled={!hasCamera}
        onClick={() => {
          onCameraOff(!cameraOff);
          setCameraOff(!cameraOff);
        }}
      >
        {cameraOff ? 'Turn camera on' : 'Turn camera off'}
      </Button>
      <Button type="button" $variant="secondary" aria-pressed={sharing} onClick={onShare}>
        {sharing ? 'Stop sharing' : 'Share screen'}
      </Button>
      <Button type="button" $variant="destructive" onClick={onEnd}>
        End call
      </Button>
    </Toolbar>
  );
}
