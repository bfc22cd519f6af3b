import { useState } from 'react';

interface ScreenTarget {
  startScreenShare(track: MediaStreamTrack): Promise<void>;
  stopScreenShare(): Promise<void>;
}

/**
 * Sharing the screen (getDisplayMedia) in place of the camera, until stopped here or from the
 * browser's own "Stop sharing" bar.
 */
export function useScreenShare(target: ScreenTarget) {
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  const [error, setError] = useState<string | null>(null);

  const stop = async () => {
    screen?.stop();
    setScreen(null);
    await target.stopScreenShare();
  };
  const toggle = async () => {
    if (screen) return stop();
    setError(null);
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = display.getVideoTracks()[0]!;
      track.onended = () => {
        setScreen(null);
        void target.stopScreenShare();
      };
      setScreen(track);
      await target.startScreenShare(track);
    } catch {
      setError('Screen sharing was cancelled or is not allowed.');
    }
  };
  return { screen, error, toggle };
}
