import { useCallback, useEffect, useRef, useState } from 'react';
import { recordCall } from '../api/record-call';
import { MISSED_CALL_AFTER_MS, recordMissedCall } from '../api/record-missed-call';
import type { ControlMessage } from '../utils/consent';
import {
  EMPTY_STATS,
  type CallProvider,
  type CallState,
  type CallStats,
  type VideoSource,
} from '../utils/providers/call-provider';

export interface CallView {
  state: CallState;
  reason: string | null;
  remoteVideo: MediaStreamTrack | null;
  remoteSource: VideoSource;
  remoteAudio: MediaStreamTrack | null;
  remoteMuted: boolean;
  remoteCameraOff: boolean;
  connectedAt: number | null;
  joinedAt: number | null;
  stats: CallStats;
}

const STATS_EVERY_MS = 2000;

const initialView: CallView = {
  state: 'idle',
  reason: null,
  remoteVideo: null,
  remoteSource: 'camera',
  remoteAudio: null,
  remoteMuted: false,
  remoteCameraOff: false,
  connectedAt: null,
  joinedAt: null,
  stats: EMPTY_STATS,
};

/**
 * Runs one call on `provider` with the local stream: joins, follows its events, polls its
 * statistics, and on leaving (End, or the page going away) reports the finished call to the
 * conversation with its length.
 */
export function useCall(
  makeProvider: () => CallProvider,
  local: MediaStream | null,
  conversationId: string,
  onControl?: (message: ControlMessage) => void,
) {
  const [view, setView] = useState<CallView>(initialView);
  const onControlRef = useRef(onControl);
  onControlRef.current = onControl;
  const providerRef = useRef<CallProvider | null>(null);
  const keyRef = useRef<string | null>(null);
  const connectedAtRef = useRef<number | null>(null);
  const waitingSinceRef = useRef<number | null>(null);

  const leave = useCallback(async (): Promise<number> => {
    const seconds = connectedAtRef.current
      ? Math.round((Date.now() - connectedAtRef.current) / 1000)
      : 0;
    const provider = providerRef.current;
    if (!provider) return seconds;
    providerRef.current = null;
    await provider.leave();
    if (keyRef.current && connectedAtRef.current) {
      await recordCall(keyRef.current, conversationId, seconds).catch((error: unknown) =>
        console.warn('[call] could not record the call', error),
      );
    } else if (
      waitingSinceRef.current !== null &&
      Date.now() - waitingSinceRef.current >= MISSED_CALL_AFTER_MS
    ) {
      // waited alone and nobody came: the other participant is told they missed the call
      await recordMissedCall(conversationId).catch((error: unknown) =>
        console.warn('[call] could not report the missed call', error),
      );
    }
    return seconds;
  }, [conversationId]);

  useEffect(() => {
    // One provider per mount: a remount (React's strict mode) joins afresh.
    const provider = makeProvider();
    providerRef.current = provider;
    const off = provider.on((event) => {
      if (event.type === 'call-key') keyRef.current = event.key;
      if (event.type === 'control') onControlRef.current?.(event.message);
      setView((current) => {
        switch (event.type) {
          case 'state': {
            const connectedAt =
              event.state === 'connected'
                ? (current.connectedAt ?? Date.now())
                : current.connectedAt;
            connectedAtRef.current = connectedAt;
            const joinedAt =
              event.state === 'waiting' ? (current.joinedAt ?? Date.now()) : current.joinedAt;
            if (event.state === 'waiting' && connectedAt === null)
              waitingSinceRef.current = joinedAt;
            return {
              ...current,
              state: event.state,
              reason: event.reason ?? null,
              connectedAt,
              joinedAt,
            };
          }
          case 'remote-video':
            return { ...current, remoteVideo: event.track, remoteSource: event.source };
          case 'remote-audio':
            return { ...current, remoteAudio: event.track };
          case 'remote-media':
            return { ...current, remoteMuted: event.muted, remoteCameraOff: event.cameraOff };
          default:
            return current;
        }
      });
    });
    void provider.join({
      audio: local?.getAudioTracks()[0] ?? null,
      video: local?.getVideoTracks()[0] ?? null,
    });
    const timer = setInterval(() => {
      void provider.getStats().then((stats) => setView((current) => ({ ...current, stats })));
    }, STATS_EVERY_MS);
    const onPageHide = () => void leave();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      off();
      void leave();
    };
    // The call is joined once per mount; the local stream is fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { view, leave, provider: providerRef };
}
