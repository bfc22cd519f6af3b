/**
 * Recording needs both parties' consent, asked and given inside the call. Either side asks; the
 * other accepts or declines. While recording, either side can stop (withdrawing consent), and
 * the call ending stops it too. The side that asked records and uploads.
 */
export type ControlMessage =
  | { kind: 'record-request' }
  | { kind: 'record-accept' }
  | { kind: 'record-decline' }
  | { kind: 'record-stop' };

export type ConsentState =
  | { phase: 'off'; notice: string | null }
  /** We asked; waiting for the other side. */
  | { phase: 'asking' }
  /** They asked; we must answer. */
  | { phase: 'asked' }
  | { phase: 'recording'; recorder: boolean };

export type ConsentEvent =
  | { type: 'ask' }
  | { type: 'accept' }
  | { type: 'decline' }
  | { type: 'stop' }
  | { type: 'received'; message: ControlMessage }
  | { type: 'peer-gone' };

export const consentOff: ConsentState = { phase: 'off', notice: null };

export interface ConsentStep {
  state: ConsentState;
  /** What to tell the other side, if anything. */
  send: ControlMessage | null;
}

const stay = (state: ConsentState): ConsentStep => ({ state, send: null });

export function consentReducer(
  state: ConsentState,
  event: ConsentEvent,
  partner: string,
): ConsentStep {
  switch (event.type) {
    case 'ask':
      return state.phase === 'off'
        ? { state: { phase: 'asking' }, send: { kind: 'record-request' } }
        : stay(state);
    case 'accept':
      return state.phase === 'asked'
        ? { state: { phase: 'recording', recorder: false }, send: { kind: 'record-accept' } }
        : stay(state);
    case 'decline':
      return state.phase === 'asked'
        ? { state: consentOff, send: { kind: 'record-decline' } }
        : stay(state);
    case 'stop':
      if (state.phase === 'recording' || state.phase === 'asking') {
        return {
          state: { phase: 'off', notice: 'Recording stopped.' },
          send: { kind: 'record-stop' },
        };
      }
      return stay(state);
    case 'peer-gone':
      return state.phase === 'off' ? stay(state) : stay({ phase: 'off', notice: null });
    case 'received':
      return received(state, event.message, partner);
  }
}

function received(state: ConsentState, message: ControlMessage, partner: string): ConsentStep {
  switch (message.kind) {
    case 'record-request':
      // Both asked at once: that is consent from both.
      if (state.phase === 'asking') {
        return { state: { phase: 'recording', recorder: true }, send: { kind: 'record-accept' } };
      }
      return state.phase === 'off' ? stay({ phase: 'asked' }) : stay(state);
    case 'record-accept':
      return state.phase === 'asking' ? stay({ phase: 'recording', recorder: true }) : stay(state);
    case 'record-decline':
      return state.phase === 'asking'
        ? stay({ phase: 'off', notice: `${partner} declined to record the call.` })
        : stay(state);
    case 'record-stop':
      return state.phase === 'off'
        ? stay(state)
        : stay({ phase: 'off', notice: `${partner} stopped the recording.` });
  }
}
