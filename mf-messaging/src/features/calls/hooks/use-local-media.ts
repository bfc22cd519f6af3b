import { useEffect, useState } from 'react';

export interface MediaChoice {
  cameraId: string | null;
  microphoneId: string | null;
}

export interface LocalMedia {
  stream: MediaStream | null;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  error: string | null;
}

/** HD when the camera allows it; the browser picks the nearest it can do. */
export const HD_VIDEO = {
  width: { ideal: 1280 },
  height: { ideal: 720 },
  frameRate: { ideal: 30 },
};

const explain = (error: unknown): string => {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError')
    return 'Allow camera and microphone access in your browser to join the call.';
  if (name === 'NotFoundError') return 'No camera or microphone was found.';
  if (name === 'NotReadableError')
    return 'Your camera or microphone is in use by another application.';
  return 'Your camera and microphone could not be started.';
};

async function open({ cameraId, microphoneId }: MediaChoice): Promise<MediaStream> {
  const audio = {
    echoCancellation: true,
    noiseSuppression: true,
    ...(microphoneId ? { deviceId: { exact: microphoneId } } : {}),
  };
  const video = { ...HD_VIDEO, ...(cameraId ? { deviceId: { exact: cameraId } } : {}) };
  try {
    return await navigator.mediaDevices.getUserMedia({ audio, video });
  } catch (error) {
    // No camera: a call with the microphone alone still works.
    if (error instanceof DOMException && error.name === 'NotFoundError') {
      return navigator.mediaDevices.getUserMedia({ audio });
    }
    throw error;
  }
}

/**
 * The camera and microphone chosen for the call, reopened when the choice changes, and the
 * devices to choose from (their names are readable once access is granted). Tracks are stopped
 * when the stream is replaced or the page leaves.
 */
export function useLocalMedia(choice: MediaChoice): LocalMedia {
  const [media, setMedia] = useState<LocalMedia>({
    stream: null,
    cameras: [],
    microphones: [],
    error: null,
  });
  const { cameraId, microphoneId } = choice;

  useEffect(() => {
    let cancelled = false;
    let opened: MediaStream | null = null;
    void (async () => {
      try {
        opened = await open({ cameraId, microphoneId });
        const devices = await navigator.mediaDevices.enumerateDevices();
        if (cancelled) return;
        setMedia({
          stream: opened,
          cameras: devices.filter((d) => d.kind === 'videoinput'),
          microphones: devices.filter((d) => d.kind === 'audioinput'),
          error: null,
        });
      } catch (error) {
        if (!cancelled)
          setMedia((current) => ({ ...current, stream: null, error: explain(error) }));
      }
    })();
    return () => {
      cancelled = true;
      opened?.getTracks().forEach((track) => track.stop());
    };
  }, [cameraId, microphoneId]);

  return media;
}
