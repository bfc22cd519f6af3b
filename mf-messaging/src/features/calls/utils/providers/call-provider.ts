import type { ControlMessage } from '../consent';

/**
 * One interface for every way of calling: Twilio Video or peer-to-peer WebRTC. Both pass raw
 * MediaStreamTracks, so the call screen is the same whichever is in use.
 */

/** Where the call stands, as the people in it see it. */
export type CallState =
  'idle' | 'joining' | 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'ended' | 'failed';

/** What the remote video shows. */
export type VideoSource = 'camera' | 'screen';

export type NetworkQuality = 'good' | 'fair' | 'poor' | 'unknown';

export interface CallStats {
  /** Resolution of the video we receive, as decoded. */
  remoteWidth: number | null;
  remoteHeight: number | null;
  remoteFps: number | null;
  /** Resolution of the video we send, as encoded. */
  sentWidth: number | null;
  sentHeight: number | null;
  roundTripMs: number | null;
  /** Share of inbound packets lost, 0..1. */
  packetLoss: number | null;
  jitterMs: number | null;
  quality: NetworkQuality;
}

export type CallEvent =
  | { type: 'state'; state: CallState; reason?: string }
  | { type: 'remote-video'; track: MediaStreamTrack | null; source: VideoSource }
  | { type: 'remote-audio'; track: MediaStreamTrack | null }
  | { type: 'remote-media'; muted: boolean; cameraOff: boolean }
  | { type: 'call-key'; key: string }
  | { type: 'control'; message: ControlMessage };

export interface LocalTracks {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
}

export interface CallProvider {
  readonly kind: 'twilio' | 'p2p';
  join(tracks: LocalTracks): Promise<void>;
  leave(): Promise<void>;
  setMuted(muted: boolean): void;
  setCameraOff(off: boolean): void;
  /** Sends `track` (from getDisplayMedia) instead of the camera until stopScreenShare. */
  startScreenShare(track: MediaStreamTrack): Promise<void>;
  stopScreenShare(): Promise<void>;
  getStats(): Promise<CallStats>;
  /** Sends an in-call message to the other party (recording consent). */
  sendControl(message: ControlMessage): Promise<void>;
  /** Subscribes to the call's events; returns the unsubscribe function. */
  on(listener: (event: CallEvent) => void): () => void;
}

/** A tiny event hub the providers share. */
export class CallEvents {
  private readonly listeners = new Set<(event: CallEvent) => void>();
  on(listener: (event: CallEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: CallEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

export const EMPTY_STATS: CallStats = {
  remoteWidth: null,
  remoteHeight: null,
  remoteFps: null,
  sentWidth: null,
  sentHeight: null,
  roundTripMs: null,
  packetLoss: null,
  jitterMs: null,
  quality: 'unknown',
};
