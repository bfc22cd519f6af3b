import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  consentOff,
  consentReducer,
  type ConsentEvent,
  type ConsentState,
  type ControlMessage,
} from '../utils/consent';
import { startComposite, type CompositeSources } from '../utils/composite-stream';
import { listRecording, recordingPath, startRecordingUpload } from '../api/recording-upload';

/** The recorder hands over a piece every this many milliseconds, streamed to storage. */
export const PART_MS = 2000;
/**
 * Video and audio bitrates of a recording: 764 kbit/s, about 344 MB (328 MiB) an hour, so an
 * hour's call fits the free plan's 500 MB of storage. Plenty for the 1280x720 composite of two
 * faces; the browser's default is several times more.
 */
export const RECORDING_VIDEO_BITS_PER_SECOND = 700_000;
export const RECORDING_AUDIO_BITS_PER_SECOND = 64_000;

interface Options {
  send(message: ControlMessage): Promise<void>;
  conversationId: string;
  userId: string;
  userName: string;
  partner: { id: string; name: string };
  sources: CompositeSources;
}

interface Running {
  stop(): Promise<void>;
}

function pickMimeType(): string {
  const wanted = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];
  return wanted.find((type) => MediaRecorder.isTypeSupported(type)) ?? 'video/webm';
}

function startRecorder(options: Options, onSaved: (error: string | null) => void): Running {
  const composite = startComposite(options.sources);
  const recorder = new MediaRecorder(composite.stream, {
    mimeType: pickMimeType(),
    videoBitsPerSecond: RECORDING_VIDEO_BITS_PER_SECOND,
    audioBitsPerSecond: RECORDING_AUDIO_BITS_PER_SECOND,
  });
  const path = recordingPath(options.conversationId, options.userId, crypto.randomUUID());
  const upload = startRecordingUpload(path);
  let size = 0;
  const startedAt = new Date();
  recorder.ondataavailable = ({ data }) => {
    if (!data.size) return;
    size += data.size;
    upload.push(data);
  };
  recorder.start(PART_MS);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        recorder.onstop = async () => {
          composite.stop();
          try {
            await upload.finish();
            await listRecording({
              path,
              size,
              seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
              partnerId: options.partner.id,
              partnerName: options.partner.name,
              ownName: options.userName,
              startedAt,
            });
            onSaved(null);
          } catch (error) {
            onSaved(error instanceof Error ? error.message : String(error));
          }
          resolve();
        };
        recorder.stop();
      }),
  };
}

/**
 * Recording with both parties' consent: the consent exchange over the call, and on the side
 * that asked, a MediaRecorder of both people whose parts are uploaded while the call goes on.
 * Withdrawing consent, the other party leaving or the call ending stops and saves it.
 */
export function useRecording(options: Options) {
  const [state, setState] = useState<ConsentState>(consentOff);
  const [saved, setSaved] = useState<string | null>(null);
  const stateRef = useRef<ConsentState>(consentOff);
  const running = useRef<Running | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const sync = useCallback((next: ConsentState) => {
    if (next.phase === 'recording' && next.recorder && !running.current) {
      setSaved(null);
      running.current = startRecorder(optionsRef.current, (error) =>
        setSaved(
          error ? `The recording could not be saved: ${error}` : 'Recording saved to your Files.',
        ),
      );
    } else if (next.phase !== 'recording' && running.current) {
      const current = running.current;
      running.current = null;
      void current.stop();
    }
  }, []);

  const apply = useCallback(
    (event: ConsentEvent) => {
      const step = consentReducer(stateRef.current, event, optionsRef.current.partner.name);
      stateRef.current = step.state;
      setState(step.state);
      if (step.send) void optionsRef.current.send(step.send);
      sync(step.state);
    },
    [sync],
  );

  // Leaving the call stops and saves a recording in progress.
  useEffect(() => () => sync(consentOff), [sync]);

  const actions = useMemo(
    () => ({
      ask: () => apply({ type: 'ask' }),
      accept: () => apply({ type: 'accept' }),
      decline: () => apply({ type: 'decline' }),
      stop: () => apply({ type: 'stop' }),
      received: (message: ControlMessage) => apply({ type: 'received', message }),
      peerGone: () => apply({ type: 'peer-gone' }),
    }),
    [apply],
  );
  return { state, saved, ...actions };
}
