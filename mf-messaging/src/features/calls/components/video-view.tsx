import { useEffect, useRef, type VideoHTMLAttributes } from 'react';

type Props = VideoHTMLAttributes<HTMLVideoElement> & {
  track: MediaStreamTrack | null;
  /** Called once, when the first frame of this track is shown. */
  onFirstFrame?(at: number): void;
};

/** Plays one video track; muted, because sound goes through its own element. */
export function VideoView({ track, onFirstFrame, ...rest }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const firstFrame = useRef(onFirstFrame);
  firstFrame.current = onFirstFrame;
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = track ? new MediaStream([track]) : null;
    if (!track || typeof video.requestVideoFrameCallback !== 'function') return;
    const handle = video.requestVideoFrameCallback(() => firstFrame.current?.(Date.now()));
    return () => video.cancelVideoFrameCallback(handle);
  }, [track]);
  return <video ref={ref} autoPlay playsInline muted {...rest} />;
}

/** Plays the other party's sound. */
export function AudioOut({ track }: { track: MediaStreamTrack | null }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = track ? new MediaStream([track]) : null;
  }, [track]);
  return <audio ref={ref} autoPlay />;
}
