/**
 * What a recording holds: both people. The other party's video fills a 1280x720 canvas with
 * ours in a corner, and both voices are mixed into one audio track.
 */
export interface CompositeSources {
  remoteVideo: () => MediaStreamTrack | null;
  localVideo: () => MediaStreamTrack | null;
  audio: () => MediaStreamTrack[];
}

export interface Composite {
  stream: MediaStream;
  stop(): void;
}

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 25;

function playerFor(): { video: HTMLVideoElement; show(track: MediaStreamTrack | null): void } {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  let current: MediaStreamTrack | null = null;
  return {
    video,
    show(track) {
      if (track === current) return;
      current = track;
      video.srcObject = track ? new MediaStream([track]) : null;
      if (track) void video.play().catch(() => undefined);
    },
  };
}

function drawFitted(
  context: CanvasRenderingContext2D,
  video: HTMLVideoElement,
  x: number,
  y: number,
  w: number,
  h: number,
) {
  if (!video.videoWidth) return;
  const scale = Math.min(w / video.videoWidth, h / video.videoHeight);
  const dw = video.videoWidth * scale;
  const dh = video.videoHeight * scale;
  context.drawImage(video, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh);
}

export function startComposite(sources: CompositeSources): Composite {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d')!;
  const remote = playerFor();
  const local = playerFor();
  const timer = setInterval(() => {
    remote.show(sources.remoteVideo());
    local.show(sources.localVideo());
    context.fillStyle = '#0f172a';
    context.fillRect(0, 0, WIDTH, HEIGHT);
    drawFitted(context, remote.video, 0, 0, WIDTH, HEIGHT);
    drawFitted(context, local.video, WIDTH - 336, HEIGHT - 198, 320, 180);
  }, 1000 / FPS);

  const audio = new AudioContext();
  const mix = audio.createMediaStreamDestination();
  for (const track of sources.audio()) {
    audio.createMediaStreamSource(new MediaStream([track])).connect(mix);
  }
  const video = canvas.captureStream(FPS).getVideoTracks()[0]!;
  const stream = new MediaStream([video, ...mix.stream.getAudioTracks()]);
  return {
    stream,
    stop() {
      clearInterval(timer);
      stream.getTracks().forEach((track) => track.stop());
      remote.show(null);
      local.show(null);
      void audio.close();
    },
  };
}
