import { getSupabaseClient } from '@promatch/shared';
import type { ControlMessage } from '../../consent';

/** What the two browsers say to each other on the call's private channel. */
export type SignalMessage =
  | { kind: 'hello'; from: string }
  | { kind: 'hello-ack'; from: string; to: string }
  | { kind: 'description'; from: string; to: string; description: RTCSessionDescriptionInit }
  | { kind: 'candidate'; from: string; to: string; candidate: RTCIceCandidateInit }
  | {
      kind: 'media';
      from: string;
      to: string;
      muted: boolean;
      cameraOff: boolean;
      source: 'camera' | 'screen';
    }
  | { kind: 'control'; from: string; to: string; message: ControlMessage }
  | { kind: 'bye'; from: string };

export interface SignalChannel {
  send(message: SignalMessage): Promise<void>;
  close(): Promise<void>;
}

export type OpenSignalChannel = (
  topic: string,
  onMessage: (message: SignalMessage) => void,
) => Promise<SignalChannel>;

/** Refused by the channel's policy: not one of the call's two parties, or a blocked pair. */
export const NOT_ALLOWED = 'You cannot join this call.';

/**
 * Joins the private realtime channel `topic` (call:<conversation or appointment id>). The
 * database's policy on realtime.messages admits only the call's two parties, so nobody else can
 * listen to or inject signalling. Broadcast keeps no history: each side announces itself.
 */
export const openSignalChannel: OpenSignalChannel = async (topic, onMessage) => {
  const client = await getSupabaseClient();
  const channel = client.channel(topic, { config: { private: true, broadcast: { self: false } } });
  channel.on('broadcast', { event: 'signal' }, ({ payload }) =>
    onMessage(payload as SignalMessage),
  );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        void client.removeChannel(channel);
        reject(
          new Error(
            /unauthori[sz]ed/i.test(error?.message ?? '')
              ? NOT_ALLOWED
              : 'The call could not start. Check your connection and try again.',
          ),
        );
      }
    });
  });
  return {
    async send(message) {
      await channel.send({ type: 'broadcast', event: 'signal', payload: message });
    },
    async close() {
      await client.removeChannel(channel);
    },
  };
};
