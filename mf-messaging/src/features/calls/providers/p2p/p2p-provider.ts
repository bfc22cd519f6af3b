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
import { isPolite, sharedCallId, shouldIgnoreOffer } from './negotiation';
import { statsFromReport } from './p2p-stats';
import type { ControlMessage } from '../../recording/consent';
import type { OpenSignalChannel, SignalChannel, SignalMessage } from './signal-channel';

export interface P2POptions {
  /** call:<conversation or appointment id> */
  topic: string;
  iceServers: RTCIceServer[];
  openChannel: OpenSignalChannel;
}

/**
 * A two-peer WebRTC call. Signalling runs over the call's private realtime channel: each side
 * says hello, the impolite side offers, the polite side answers, and later collisions follow
 * perfect negotiation. Screen share swaps the sent video track (replaceTrack, no renegotiation)
 * and tells the other side what it now shows.
 */
export class P2PProvider implements CallProvider {
  readonly kind = 'p2p' as const;
  private readonly events = new CallEvents();
  private machine = initialCallMachine;
  private readonly session = crypto.randomUUID();
  private peerSession: string | null = null;
  private pc: RTCPeerConnection | null = null;
  private channel: SignalChannel | null = null;
  private tracks: LocalTracks = { audio: null, video: null };
  private screen: MediaStreamTrack | null = null;
  private muted = false;
  private cameraOff = false;
  private makingOffer = false;
  private ignoreOffer = false;
  private answerPending = false;

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
        await this.onDescription(message.description);
        return;
      case 'candidate':
        if (message.from !== this.peerSession || !this.pc) return;
        try {
          await this.pc.addIceCandidate(message.candidate);
        } catch (error) {
          if (!this.ignoreOffer) throw error;
        }
    }
  }

  private remoteSource: VideoSource = 'camera';
  private remoteVideo: MediaStreamTrack | null = null;

  private emitRemoteVideo() {
    this.events.emit({ type: 'remote-video', track: this.remoteVideo, source: this.remoteSource });
  }

  private startPeer(peer: string) {
    if (this.pc) this.closePeer();
    this.peerSession = peer;
    this.dispatch({ type: 'peer-seen' });
    void sharedCallId(this.session, peer).then((key) =>
      this.events.emit({ type: 'call-key', key }),
    );
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    this.pc = pc;
    const polite = isPolite(this.session, peer);
    pc.onicecandidate = ({ candidate }) => {
      if (candidate && this.pc === pc) {
        void this.send({
          kind: 'candidate',
          from: this.session,
          to: peer,
          candidate: candidate.toJSON(),
        });
      }
    };
    pc.ontrack = ({ track }) => {
      if (this.pc !== pc) return;
      if (track.kind === 'video') {
        this.remoteVideo = track;
        this.emitRemoteVideo();
      } else this.events.emit({ type: 'remote-audio', track });
    };
    pc.onconnectionstatechange = () => this.onConnectionState(pc);
    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        if (pc.localDescription && this.pc === pc) {
          await this.send({
            kind: 'description',
            from: this.session,
            to: peer,
            description: pc.localDescription.toJSON(),
          });
        }
      } catch (error) {
        console.warn('[call] offer', error);
      } finally {
        this.makingOffer = false;
      }
    };
    // The impolite side offers first with its tracks; the polite side attaches its own tracks
    // to the transceivers that offer creates, so the call has one audio and one video line.
    if (!polite) {
      pc.addTransceiver(this.tracks.audio ?? 'audio', { direction: 'sendrecv' });
      pc.addTransceiver(this.sentVideo() ?? 'video', { direction: 'sendrecv' });
    }
  }

  private sentVideo(): MediaStreamTrack | null {
    return this.screen ?? this.tracks.video;
  }

  private async onDescription(description: RTCSessionDescriptionInit) {
    const pc = this.pc!;
    const polite = isPolite(this.session, this.peerSession!);
    const isOffer = description.type === 'offer';
    this.ignoreOffer =
      isOffer &&
      shouldIgnoreOffer({
        polite,
        makingOffer: this.makingOffer,
        signalingState: pc.signalingState,
        settingRemoteAnswerPending: this.answerPending,
      });
    if (this.ignoreOffer) return;
    this.answerPending = description.type === 'answer';
    await pc.setRemoteDescription(description);
    this.answerPending = false;
    if (!isOffer) return;
    for (const transceiver of pc.getTransceivers()) {
      const kind = transceiver.receiver.track.kind;
      if (transceiver.sender.track) continue;
      await transceiver.sender.replaceTrack(
        kind === 'audio' ? this.tracks.audio : this.sentVideo(),
      );
      transceiver.direction = 'sendrecv';
    }
    await pc.setLocalDescription();
    if (pc.localDescription) {
      await this.send({
        kind: 'description',
        from: this.session,
        to: this.peerSession!,
        description: pc.localDescription.toJSON(),
      });
    }
  }

  private onConnectionState(pc: RTCPeerConnection) {
    if (this.pc !== pc) return;
    const state = pc.connectionState;
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
    this.pc?.close();
    this.pc = null;
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

  private videoSender(): RTCRtpSender | null {
    return (
      this.pc?.getTransceivers().find((t) => t.receiver.track.kind === 'video')?.sender ?? null
    );
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
    await this.videoSender()?.replaceTrack(track);
    await this.sendMedia();
  }

  async stopScreenShare() {
    this.screen = null;
    await this.videoSender()?.replaceTrack(this.tracks.video);
    await this.sendMedia();
  }

  async getStats(): Promise<CallStats> {
    return this.pc ? statsFromReport(await this.pc.getStats()) : EMPTY_STATS;
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
