import type { CallState } from '../call-provider';

/**
 * The peer-to-peer call's life, as a pure reducer the provider drives (and the tests check):
 * join the signalling channel, wait for the other party, negotiate, connect, ride out network
 * drops, and end. The other party leaving puts us back to waiting, so they can come back.
 */
export type CallMachineEvent =
  | { type: 'join' }
  | { type: 'channel-ready' }
  | { type: 'channel-error'; reason: string }
  | { type: 'peer-seen' }
  | { type: 'ice-connected' }
  | { type: 'ice-disconnected' }
  | { type: 'ice-failed' }
  | { type: 'peer-left' }
  | { type: 'leave' };

export interface CallMachine {
  state: CallState;
  /** Why the call failed, in words for the person in it. */
  reason?: string;
  /** When media first flowed (ms since epoch), for the call's length. */
  connectedAt: number | null;
}

export const initialCallMachine: CallMachine = { state: 'idle', connectedAt: null };

export function callReducer(
  machine: CallMachine,
  event: CallMachineEvent,
  now = Date.now(),
): CallMachine {
  const { state } = machine;
  if (state === 'ended') return machine;
  if (event.type === 'leave') return { ...machine, state: 'ended' };
  switch (event.type) {
    case 'join':
      return state === 'idle' ? { ...machine, state: 'joining' } : machine;
    case 'channel-ready':
      return state === 'joining' ? { ...machine, state: 'waiting' } : machine;
    case 'channel-error':
      return state === 'joining' ? { ...machine, state: 'failed', reason: event.reason } : machine;
    case 'peer-seen':
      return state === 'waiting' ? { ...machine, state: 'connecting' } : machine;
    case 'ice-connected':
      return state === 'connecting' || state === 'reconnecting'
        ? { ...machine, state: 'connected', connectedAt: machine.connectedAt ?? now }
        : machine;
    case 'ice-disconnected':
      return state === 'connected' ? { ...machine, state: 'reconnecting' } : machine;
    case 'ice-failed':
      // A failed path ends this attempt; the other party's next hello starts a fresh one.
      return state === 'connecting' || state === 'connected' || state === 'reconnecting'
        ? { ...machine, state: 'waiting' }
        : machine;
    case 'peer-left':
      return state === 'failed' || state === 'idle' || state === 'joining'
        ? machine
        : { ...machine, state: 'waiting' };
  }
}

/** Seconds the call has lasted: from first connection to `now`, 0 if it never connected. */
export function callSeconds(machine: CallMachine, now = Date.now()): number {
  return machine.connectedAt === null
    ? 0
    : Math.max(0, Math.round((now - machine.connectedAt) / 1000));
}
