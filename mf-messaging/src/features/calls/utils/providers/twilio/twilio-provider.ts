import type {
  LocalDataTrack,
  LocalTrack,
  LocalVideoTrack,
  RemoteParticipant,
  RemoteTrack,
  Room,
} from 'twilio-video';
import {
  CallEvents,
  EMPTY_STATS,
  type CallEvent,
  type CallProvider,
  type CallState,
  type CallStats,
  type LocalTracks,
} from '../call-provider';
import { networkQuality, qualityFromLevel } from '../network-quality';
import { sharedCallId } from '../p2p/negotiation';
import type { ControlMessage } from '../../consent';

/** How long joining may take before we give up (a black-holing firewall can hang it). */
export const TWILIO_JOIN_TIMEOUT_MS = 15_000;
export const TWILIO_UNREACHABLE = 'The video service could not be reached. Please try again.';

export interface TwilioOptions {
  token: string;
  room: string;
}

/**
 * A call through Twilio Video (a Group Room). The library is loaded only when this provider is
 * used. Screen share publishes a second video track named 'screen'; the other side shows it in
 * place of the camera until it is unpublished.
 */
export class TwilioProvider implements CallProvider {
  readonly kind = 'twilio' as const;
  private readonly events = new CallEvents();
  private room: Room | null = null;
  private screen: LocalVideoTrack | null = null;
  private tracks: LocalTracks = { audio: null, video: null };
  private remoteCamera: MediaStreamTrack | null = null;
  private remoteScreen: MediaStreamTrack | null = null;
  private state: CallState = 'idle';
  private data: LocalDataTrack | null = null;

  constructor(private readonly options: TwilioOptions) {}

  on(listener: (event: CallEvent) => void) {
    return this.events.on(listener);
  }

  private setState(state: CallState, reason?: string) {
    if (this.state === state || this.state === 'ended') return;
    this.state = state;
    this.events.emit({ type: 'state', state, reason });
  }

  async join(tracks: LocalTracks) {
    this.tracks = tracks;
    this.setState('joining');
    const Video = await import('twilio-video');
    const local: LocalTrack[] = [];
    if (tracks.audio) local.push(new Video.LocalAudioTrack(tracks.audio));
    if (tracks.video) local.push(new Video.LocalVideoTrack(tracks.video, { name: 'camera' }));
    this.data = new Video.LocalDataTrack({ name: 'control' });
    local.push(this.data);
    const connecting = Video.connect(this.options.token, {
      name: this.options.room,
      tracks: local,
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        connecting.cancel();
        reject(new Error(TWILIO_UNREACHABLE));
      }, TWILIO_JOIN_TIMEOUT_MS);
    });
    try {
      this.room = await Promise.race([connecting, timeout]);
    } catch {
      this.setState('failed', TWILIO_UNREACHABLE);
      return;
    } finally {
      clearTimeout(timer);
    }
    const room = this.room;
    void sharedCallId(room.sid, room.name).then((key) =>
      this.events.emit({ type: 'call-key', key }),
    );
    room.participants.forEach((participant) => this.watch(participant));
    room.on('participantConnected', (participant: RemoteParticipant) => this.watch(participant));
    room.on('participantDisconnected', () => {
      this.remoteCamera = this.remoteScreen = null;
      this.emitVideo();
      this.setState('waiting');
    });
    room.on('reconnecting', () => this.setState('reconnecting'));
    room.on('reconnected', () => this.setState(room.participants.size ? 'connected' : 'waiting'));
    room.on('disconnected', () => this.setState('ended'));
    this.setState(room.participants.size ? 'connected' : 'waiting');
  }

  private watch(participant: RemoteParticipant) {
    this.setState('connected');
    participant.on('trackSubscribed', (track: RemoteTrack) => {
      if (track.kind === 'data') {
        track.on('message', (data: string | ArrayBuffer) => {
          if (typeof data !== 'string') return;
          try {
            this.events.emit({ type: 'control', message: JSON.parse(data) as ControlMessage });
          } catch {
            // Not ours: ignore.
          }
        });
        return;
      }
      if (track.kind === 'audio')
        this.events.emit({ type: 'remote-audio', track: track.mediaStreamTrack });
      if (track.kind !== 'video') return;
      if (track.name === 'screen') this.remoteScreen = track.mediaStreamTrack;
      else this.remoteCamera = track.mediaStreamTrack;
      this.emitVideo();
    });
    participant.on('trackUnsubscribed', (track: RemoteTrack) => {
      if (track.kind === 'audio') this.events.emit({ type: 'remote-audio', track: null });
      if (track.kind !== 'video') return;
      if (track.name === 'screen') this.remoteScreen = null;
      else this.remoteCamera = null;
      this.emitVideo();
    });
    const media = () => {
      let muted = true;
      let cameraOff = true;
      participant.audioTracks.forEach((pub) => (muted = muted && !pub.isTrackEnabled));
      participant.videoTracks.forEach((pub) => {
        if (pub.trackName !== 'screen') cameraOff = cameraOff && !pub.isTrackEnabled;
      });
      this.events.emit({ type: 'remote-media', muted, cameraOff });
    };
    participant.on('trackDisabled', media);
    participant.on('trackEnabled', media);
  }

  private emitVideo() {
    this.events.emit({
      type: 'remote-video',
      track: this.remoteScreen ?? this.remoteCamera,
      source: this.remoteScreen ? 'screen' : 'camera',
    });
  }

  async sendControl(message: ControlMessage) {
    this.data?.send(JSON.stringify(message));
  }

  setMuted(muted: boolean) {
    this.room?.localParticipant.audioTracks.forEach((pub) => {
      if (muted) pub.track.disable();
      else pub.track.enable();
    });
    if (!this.room && this.tracks.audio) this.tracks.audio.enabled = !muted;
  }

  setCameraOff(off: boolean) {
    this.room?.localParticipant.videoTracks.forEach((pub) => {
      if (pub.trackName === 'screen') return;
      if (off) pub.track.disable();
      else pub.track.enable();
    });
    if (!this.room && this.tracks.video) this.tracks.video.enabled = !off;
  }

  async startScreenShare(track: MediaStreamTrack) {
    if (!this.room) return;
    const Video = await import('twilio-video');
    this.screen = new Video.LocalVideoTrack(track, { name: 'screen' });
    await this.room.localParticipant.publishTrack(this.screen);
  }

  async stopScreenShare() {
    if (this.room && this.screen) this.room.localParticipant.unpublishTrack(this.screen);
    this.screen = null;
  }

  async getStats(): Promise<CallStats> {
    if (!this.room) return EMPTY_STATS;
    const [report] = await this.room.getStats();
    const remote = report?.remoteVideoTrackStats[0];
    const sent = report?.localVideoTrackStats[0];
    const lost = remote?.packetsLost ?? null;
    const received = remote?.packetsReceived ?? null;
    const packetLoss = lost !== null && received ? lost / (lost + received) : null;
    const roundTripMs = sent?.roundTripTime ?? null;
    const jitterMs = remote?.jitter ?? null;
    const level = this.room.localParticipant.networkQualityLevel;
    return {
      remoteWidth: remote?.dimensions?.width ?? null,
      remoteHeight: remote?.dimensions?.height ?? null,
      remoteFps: remote?.frameRate ?? null,
      sentWidth: sent?.dimensions?.width ?? null,
      sentHeight: sent?.dimensions?.height ?? null,
      roundTripMs,
      packetLoss,
      jitterMs,
      quality:
        level === null
          ? networkQuality({ roundTripMs, packetLoss, jitterMs })
          : qualityFromLevel(level),
    };
  }

  async leave() {
    await this.stopScreenShare();
    this.room?.disconnect();
    this.room = null;
    this.setState('ended');
  }
}
