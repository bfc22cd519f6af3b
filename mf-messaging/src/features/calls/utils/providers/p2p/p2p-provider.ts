import {
  CallEvents,
  EMPTY_STATS,
  type CallEvent,
  type CallProvider,
  type CallStats,
  type LocalTracks,
  type VideoSource,
} from '../call-provider';
import { callReducer, initialCallMachine, type CallMachineEvent } from './call-machine';
import { isPolite, sharedCallId } from './negotiation';
import { PeerLink } from './peer-link';
import { statsFromReport } from './p2p-stats';
import type { ControlMessage } from '../../consent';
import type { OpenSignalChannel, SignalChannel, SignalMessage } from './signal-channel';

export interface P2POptions {
  /** call:<conversation or appointment id> */
  topic: string;
  iceServers: RTCIceServer[];
  openChannel: OpenSignalChannel;
}

/**
 * A two-peer WebRTC call. Signalling runs over the call's private realtime channel: each side
 * says hello, then a PeerLink negotiates the connection (the impolite side offers, the polite
 * side answers, collisions follow perfect negotiation). Screen share swaps the sent video
 * track (replaceTrack, no renegotiation) and tells the other side what it now shows.
 */
export class P2PProvider implements CallProvider {
  readonly kind = 'p2p' as const;
  private readonly events = new CallEvents();
  private machine = initialCallMachine;
  private readonly session = crypto.randomUUID();
  private peerSession: string | null = null;
  private link: PeerLink | null = null;
  private channel: SignalChannel | null = null;
  private tracks: LocalTracks = { audio: null, video: null };
  private screen: MediaStreamTrack | null = null;
  private muted = false;
  private cameraOff = false;

  constructor(private readonly options: P2POptions) {}

  on(listener: (event: CallEvent) => void) {
    return this.events.on(listener);
  }

  private dispatch(event: CallMachineEvent, reason?: string) {
    const before = this.machine.state;
    this.machine = callReducer(this.machine, event);
    if (this.machine.state !== before) {
      this.events.emit({
        type: 'state',
        state: this.machine.state,
        reason: reason ?? this.machine.reason,
      });
    }
  }

  async join(tracks: LocalTracks): Promise<void> {
    this.tracks = tracks;
    this.dispatch({ type: 'join' });
    try {
      this.channel = await this.options.openChannel(this.options.topic, (message) => {
        void this.onSignal(message).catch((error: unknown) => console.warn('[call] signal', error));
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.dispatch({ type: 'channel-error', reason }, reason);
      return;
    }
    if (this.machine.state === 'ended') {
      await this.channel.close();
      return;
    }
    this.dispatch({ type: 'channel-ready' });
    await this.send({ kind: 'hello', from: this.session });
  }

  private async send(message: SignalMessage) {
    await this.channel?.send(message);
  }

  private async onSignal(message: SignalMessage) {
    if (message.from === this.session || this.machine.state === 'ended') return;
    if ('to' in message && message.to !== this.session) return;
    switch (message.kind) {
      case 'hello':
        if (this.peerSession !== message.from) this.startPeer(message.from);
        await this.send({ kind: 'hello-ack', from: this.session, to: message.from });
        await this.sendMedia();
        return;
      case 'hello-ack':
        if (this.peerSession !== message.from) this.startPeer(message.from);
        await this.sendMedia();
        return;
      case 'bye':
        if (message.from !== this.peerSession) return;
        this.closePeer();
        this.dispatch({ type: 'peer-left' });
        return;
      case 'control':
        if (message.from === this.peerSession) {
          this.events.emit({ type: 'control', message: message.message });
        }
        return;
      case 'media':
        if (message.from !== this.peerSession) return;
        this.events.emit({
          type: 'remote-media',
          muted: message.muted,
          cameraOff: message.cameraOff,
        });
        this.remoteSource = message.source;
        this.emitRemoteVideo();
        return;
      case 'description':
        if (this.peerSession === null) this.startPeer(message.from);
        if (message.from !== this.peerSession) return;
        await this.link?.receiveDescription(message.description);
        return;
      case 'candidate':
        if (message.from !== this.peerSession) return;
        await this.link?.receiveCandidate(message.candidate);
    }
  }

  private remoteSource: VideoSource = 'camera';
  private remoteVideo: MediaStreamTrack | null = null;

  private emitRemoteVideo() {
    this.events.emit({ type: 'remote-video', track: this.remoteVideo, source: this.remoteSource });
  }

  private startPeer(peer: string) {
    if (this.link) this.closePeer();
    this.peerSession = peer;
    this.dispatch({ type: 'peer-seen' });
    void sharedCallId(this.session, peer).then((key) =>
      this.events.emit({ type: 'call-key', key }),
    );
    const from = this.session;
    const link: PeerLink = new PeerLink({
      polite: isPolite(this.session, peer),
      iceServers: this.options.iceServers,
      sendDescription: (description) =>
        void this.send({ kind: 'description', from, to: peer, description }),
      sendCandidate: (candidate) =>
        void this.send({ kind: 'candidate', from, to: peer, candidate }),
      onTrack: (track) => {
        if (track.kind === 'video') {
          this.remoteVideo = track;
          this.emitRemoteVideo();
        } else this.events.emit({ type: 'remote-audio', track });
      },
      onConnectionState: (state) => {
        if (this.link === link) this.onConnectionState(state);
      },
      localAudio: () => this.tracks.audio,
      localVideo: () => this.screen ?? this.tracks.video,
    });
    this.link = link;
  }

  private onConnectionState(state: RTCPeerConnectionState) {
    if (state === 'connected') this.dispatch({ type: 'ice-connected' });
    else if (state === 'disconnected') this.dispatch({ type: 'ice-disconnected' });
    else if (state === 'failed') {
      this.closePeer();
      this.dispatch({ type: 'ice-failed' });
      // Start over: whoever is still there answers the new hello.
      void this.send({ kind: 'hello', from: this.session });
    }
  }

  private closePeer() {
    this.link?.close();
    this.link = null;
    this.peerSession = null;
    this.remoteVideo = null;
    this.remoteSource = 'camera';
    this.emitRemoteVideo();
    this.events.emit({ type: 'remote-audio', track: null });
  }

  private async sendMedia() {
    if (!this.peerSession) return;
    await this.send({
      kind: 'media',
      from: this.session,
      to: this.peerSession,
      muted: this.muted,
      cameraOff: this.cameraOff,
      source: this.screen ? 'screen' : 'camera',
    });
  }

  async sendControl(message: ControlMessage) {
    if (!this.peerSession) return;
    await this.send({ kind: 'control', from: this.session, to: this.peerSession, message });
  }

  setMuted(muted: boolean) {
    this.muted = muted;
    if (this.tracks.audio) this.tracks.audio.enabled = !muted;
    void this.sendMedia();
  }

  setCameraOff(off: boolean) {
    this.cameraOff = off;
    if (this.tracks.video) this.tracks.video.enabled = !off;
    void this.sendMedia();
  }

  async startScreenShare(track: MediaStreamTrack) {
    this.screen = track;
    await this.link?.replaceVideo(track);
    await this.sendMedia();
  }

  async stopScreenShare() {
    this.screen = null;
    await this.link?.replaceVideo(this.tracks.video);
    await this.sendMedia();
  }

  async getStats(): Promise<CallStats> {
    return this.link ? statsFromReport(await this.link.getStats()) : EMPTY_STATS;
  }

  async leave() {
    if (this.machine.state === 'ended') return;
    const channel = this.channel;
    if (channel && this.machine.state !== 'failed') {
      await this.send({ kind: 'bye', from: this.session }).catch(() => undefined);
    }
    this.closePeer();
    this.dispatch({ type: 'leave' });
    this.channel = null;
    await channel?.close();
  }

  /** When media first flowed, for the call's length; null if it never connected. */
  get connectedAt(): number | null {
    return this.machine.connectedAt;
  }
}
