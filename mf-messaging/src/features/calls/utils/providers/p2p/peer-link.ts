import { shouldIgnoreOffer } from './negotiation';

export interface PeerLinkOptions {
  polite: boolean;
  iceServers: RTCIceServer[];
  sendDescription(description: RTCSessionDescriptionInit): void;
  sendCandidate(candidate: RTCIceCandidateInit): void;
  onTrack(track: MediaStreamTrack): void;
  onConnectionState(state: RTCPeerConnectionState): void;
  /** The tracks to send, read when they are attached. */
  localAudio(): MediaStreamTrack | null;
  localVideo(): MediaStreamTrack | null;
}

/**
 * One RTCPeerConnection to the other party, negotiated the W3C "perfect negotiation" way. The
 * impolite side offers first with its tracks; the polite side attaches its own tracks to the
 * transceivers that offer creates, so the call has one audio and one video line. Later offers
 * (an ICE restart, say) may collide; the polite side then yields.
 */
export class PeerLink {
  private readonly pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private answerPending = false;
  private closed = false;

  constructor(private readonly options: PeerLinkOptions) {
    const pc = new RTCPeerConnection({ iceServers: options.iceServers });
    this.pc = pc;
    pc.onicecandidate = ({ candidate }) => {
      if (candidate && !this.closed) options.sendCandidate(candidate.toJSON());
    };
    pc.ontrack = ({ track }) => {
      if (!this.closed) options.onTrack(track);
    };
    pc.onconnectionstatechange = () => {
      if (!this.closed) options.onConnectionState(pc.connectionState);
    };
    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        if (pc.localDescription && !this.closed) {
          options.sendDescription(pc.localDescription.toJSON());
        }
      } catch (error) {
        console.warn('[call] offer', error);
      } finally {
        this.makingOffer = false;
      }
    };
    if (!options.polite) {
      pc.addTransceiver(options.localAudio() ?? 'audio', { direction: 'sendrecv' });
      pc.addTransceiver(options.localVideo() ?? 'video', { direction: 'sendrecv' });
    }
  }

  async receiveDescription(description: RTCSessionDescriptionInit) {
    const pc = this.pc;
    const isOffer = description.type === 'offer';
    this.ignoreOffer =
      isOffer &&
      shouldIgnoreOffer({
        polite: this.options.polite,
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
      if (transceiver.sender.track) continue;
      const audio = transceiver.receiver.track.kind === 'audio';
      await transceiver.sender.replaceTrack(
        audio ? this.options.localAudio() : this.options.localVideo(),
      );
      transceiver.direction = 'sendrecv';
    }
    await pc.setLocalDescription();
    if (pc.localDescription && !this.closed) {
      this.options.sendDescription(pc.localDescription.toJSON());
    }
  }

  async receiveCandidate(candidate: RTCIceCandidateInit) {
    try {
      await this.pc.addIceCandidate(candidate);
    } catch (error) {
      // Candidates of an offer we ignored have nowhere to go; anything else is a real fault.
      if (!this.ignoreOffer) throw error;
    }
  }

  /** Sends `track` as our video from now on (camera or screen), without renegotiating. */
  async replaceVideo(track: MediaStreamTrack | null) {
    const video = this.pc.getTransceivers().find((t) => t.receiver.track.kind === 'video');
    await video?.sender.replaceTrack(track);
  }

  getStats(): Promise<RTCStatsReport> {
    return this.pc.getStats();
  }

  close() {
    this.closed = true;
    this.pc.close();
  }
}
