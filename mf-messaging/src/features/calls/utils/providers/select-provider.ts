import type { RuntimeConfig } from '@promatch/shared';
import type { CallProvider } from './call-provider';
import { P2PProvider } from './p2p/p2p-provider';
import type { OpenSignalChannel } from './p2p/signal-channel';
import { TwilioProvider } from './twilio/twilio-provider';

/** Which call this is: always a conversation's; an appointment's when opened from one. */
export interface CallTarget {
  conversationId: string;
  appointmentId: string | null;
}

export interface TokenAnswer {
  status: number;
  body: { token?: string; room?: string; error?: string } | null;
}
export type FetchVideoToken = (target: CallTarget) => Promise<TokenAnswer>;

export type ProviderChoice =
  { kind: 'twilio'; token: string; room: string } | { kind: 'p2p'; reason: string | null };

/** The call cannot happen for this user (not a party, blocked, signed out). */
export class CallRefusedError extends Error {}

export const SETUP_FAILED = 'The call could not be set up right now. Please try again.';

/**
 * Twilio when the runtime config says so and the video-token function mints a token; peer to
 * peer when the config says p2p or the function answers 503 (Twilio not configured on the
 * server; both parties get the same answer, so both call peer-to-peer). Refusals and other
 * failures stop here rather than fall back, so the two parties never end up on different paths.
 */
export async function chooseProvider(
  config: Pick<RuntimeConfig, 'videoProvider'>,
  target: CallTarget,
  fetchToken: FetchVideoToken,
): Promise<ProviderChoice> {
  if (config.videoProvider !== 'twilio') return { kind: 'p2p', reason: null };
  const answer = await fetchToken(target).catch(() => null);
  if (!answer) throw new Error(SETUP_FAILED);
  const { status, body } = answer;
  if (status === 200 && body?.token && body.room) {
    return { kind: 'twilio', token: body.token, room: body.room };
  }
  if (status === 503) return { kind: 'p2p', reason: body?.error ?? null };
  if (status === 401 || status === 403) {
    throw new CallRefusedError(body?.error ?? 'You cannot join this call.');
  }
  throw new Error(body?.error ?? SETUP_FAILED);
}

/** The signalling channel of a call: the appointment's when there is one, else the conversation's. */
export const callTopic = (target: CallTarget) =>
  `call:${target.appointmentId ?? target.conversationId}`;

export function createProvider(
  choice: ProviderChoice,
  target: CallTarget,
  p2p: { iceServers: RTCIceServer[]; openChannel: OpenSignalChannel },
): CallProvider {
  if (choice.kind === 'twilio')
    return new TwilioProvider({ token: choice.token, room: choice.room });
  return new P2PProvider({ topic: callTopic(target), ...p2p });
}
