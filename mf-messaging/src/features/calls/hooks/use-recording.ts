import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  consentOff,
  consentReducer,
  type ConsentEvent,
  type ConsentState,
  type ControlMessage,
} from '../utils/consent';
import { startComposite, type CompositeSources } from '../utils/composite-stream';
import { finishRecording, recordingFolder, uploadPart } from '../api/recording-upload';

/** A part is uploaded every this many milliseconds while recording. */
export const PART_MS = 2000;

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
  const recorder = new MediaRecorder(composite.stream, { mimeType: pickMimeType() });
  const folder = recordingFolder(options.conversationId, options.userId, crypto.randomUUID());
  const chunks: Blob[] = [];
  const parts: string[] = [];
  const uploads: Promise<unknown>[] = [];
  const startedAt = new Date();
  recorder.ondataavailable = ({ data }) => {
    if (!data.size) return;
    chunks.push(data);
    const index = chunks.length;
    uploads.push(
      uploadPart(folder, index, data)
        .then((path) => parts.push(path))
        .catch((error: unknown) => console.warn('[recording] part upload failed', error)),
    );
  };
  recorder.start(PART_MS);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        recorder.onstop = async () => {
          composite.stop();
          await Promise.all(uploads);
          try {
            await finishRecording({
              folder,
              parts,
              blob: new Blob(chunks, { type: 'video/webm' }),
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
