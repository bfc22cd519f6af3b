import { useEffect, useRef, useState } from 'react';
import { useRecording } from '../hooks/use-recording';
import { useCall } from '../hooks/use-call';
import { useScreenShare } from '../hooks/use-screen-share';
import type { CallProvider, CallState } from '../utils/providers/call-provider';
import { CallControls } from './call-controls';
import { NetworkIndicator, StatsPanel } from './call-stats';
import { Overlay, SelfView, Stage, Toolbar } from './call-styles';
import { CallTimer } from './call-timer';
import { RecordingControls } from './recording-controls';
import { AudioOut, VideoView } from './video-view';

const statusText = (state: CallState, partner: string, reason: string | null): string => {
  switch (state) {
    case 'idle':
    case 'joining':
      return 'Joining the call…';
    case 'waiting':
      return `Waiting for ${partner} to join…`;
    case 'connecting':
      return `Connecting to ${partner}…`;
    case 'connected':
      return `Connected to ${partner}`;
    case 'reconnecting':
      return 'Connection lost. Reconnecting…';
    case 'ended':
      return 'Call ended';
    case 'failed':
      return reason ?? 'The call could not start.';
  }
};

interface Props {
  makeProvider(): CallProvider;
  local: MediaStream | null;
  conversationId: string;
  userId: string;
  userName: string;
  partner: { id: string; name: string };
  onEnded(seconds: number): void;
}

/** The call itself: the other party's video, yours, the controls, the timer and the connection. */
export function InCall({
  makeProvider,
  local,
  conversationId,
  userId,
  userName,
  partner,
  onEnded,
}: Props) {
  const partnerName = partner.name;
  const media = useRef<{
    remote: MediaStreamTrack | null;
    sent: MediaStreamTrack | null;
    audio: MediaStreamTrack[];
  }>({
    remote: null,
    sent: null,
    audio: [],
  });
  const recording = useRecording({
    send: async (message) => current.current?.sendControl(message),
    conversationId,
    userId,
    userName,
    partner,
    sources: {
      remoteVideo: () => media.current.remote,
      localVideo: () => media.current.sent,
      audio: () => media.current.audio,
    },
  });
  const {
    view,
    leave,
    provider: current,
  } = useCall(makeProvider, local, conversationId, recording.received);
  const {
    screen,
    error: shareError,
    toggle: toggleShare,
  } = useScreenShare({
    startScreenShare: async (track) => current.current?.startScreenShare(track),
    stopScreenShare: async () => current.current?.stopScreenShare(),
  });
  const [firstFrameAt, setFirstFrameAt] = useState<number | null>(null);
  const camera = local?.getVideoTracks()[0] ?? null;
  const localAudio = local?.getAudioTracks()[0] ?? null;
  media.current = {
    remote: view.remoteVideo,
    sent: screen ?? camera,
    audio: [localAudio, view.remoteAudio].filter((t): t is MediaStreamTrack => t !== null),
  };
  const { peerGone } = recording;
  const partnerHere = view.state === 'connected' || view.state === 'reconnecting';
  useEffect(() => {
    if (!partnerHere) peerGone();
  }, [partnerHere, peerGone]);

  const end = async () => {
    screen?.stop();
    onEnded(await leave());
  };

  const live = view.state === 'connected' || view.state === 'reconnecting';
  return (
    <div data-testid="in-call" data-state={view.state} data-joined-at={view.joinedAt ?? ''}>
      <p role="status" aria-live="polite">
        {statusText(view.state, partnerName, view.reason)}
        {view.remoteSource === 'screen' && live ? ` · ${partnerName} is sharing their screen` : ''}
        {view.remoteMuted && live ? ` · ${partnerName} is muted` : ''}
      </p>
      <Stage>
        <VideoView
          track={view.remoteVideo}
          data-testid="remote-video"
          data-source={view.remoteSource}
          data-first-frame-at={firstFrameAt ?? ''}
          aria-label={`${partnerName}'s ${view.remoteSource === 'screen' ? 'screen' : 'video'}`}
          onFirstFrame={(at) => setFirstFrameAt((current) => current ?? at)}
        />
        {!view.remoteVideo || (view.remoteCameraOff && view.remoteSource === 'camera') ? (
          <Overlay>{view.remoteCameraOff && live ? `${partnerName}'s camera is off` : ''}</Overlay>
        ) : null}
        <SelfView>
          <VideoView track={screen ?? camera} aria-label="Your video" data-testid="local-video" />
        </SelfView>
      </Stage>
      <AudioOut track={view.remoteAudio} />
      <Toolbar>
        <CallTimer since={view.connectedAt} />
        <NetworkIndicator quality={live ? view.stats.quality : 'unknown'} />
      </Toolbar>
      <CallControls
        hasCamera={!!camera}
        sharing={!!screen}
        onMute={(muted) => current.current?.setMuted(muted)}
        onCameraOff={(off) => current.current?.setCameraOff(off)}
        onShare={() => void toggleShare()}
        onEnd={() => void end()}
      />
      <RecordingControls recording={recording} partnerName={partnerName} live={live} />
      {shareError ? <p role="alert">{shareError}</p> : null}
      <StatsPanel stats={view.stats} camera={camera} />
    </div>
  );
}
