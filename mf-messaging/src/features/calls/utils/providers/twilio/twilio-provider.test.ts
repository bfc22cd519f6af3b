/** @jest-environment node */
/**
 * The Twilio adapter against a stand-in for the twilio-video library (no route to Twilio here):
 * a join that hangs gives up with a clear reason; a room's participants and their tracks map
 * onto the provider's events, the screen taking the place of the camera while it is shared.
 */
import { EventEmitter } from 'node:events';
import type { CallEvent } from '../call-provider';
import { TWILIO_JOIN_TIMEOUT_MS, TWILIO_UNREACHABLE, TwilioProvider } from './twilio-provider';

class FakeParticipant extends EventEmitter {
  audioTracks = new Map();
  videoTracks = new Map();
}
class FakeRoom extends EventEmitter {
  sid = 'RM123';
  name = 'promatch-c-1';
  participants = new Map<string, FakeParticipant>();
  localParticipant = {
    audioTracks: new Map(),
    videoTracks: new Map(),
    publishTrack: jest.fn(),
    unpublishTrack: jest.fn(),
  };
  disconnect = jest.fn();
}

let connect: jest.Mock;
jest.mock('twilio-video', () => ({
  connect: (...args: unknown[]) => connect(...args),
  LocalAudioTrack: class {
    constructor(readonly track: unknown) {}
  },
  LocalVideoTrack: class {
    constructor(
      readonly track: unknown,
      readonly options: unknown,
    ) {}
  },
  LocalDataTrack: class {
    send = jest.fn();
  },
}));

const track = (id: string) => ({ id }) as unknown as MediaStreamTrack;

function collect(provider: TwilioProvider) {
  const events: CallEvent[] = [];
  provider.on((event) => events.push(event));
  return events;
}

test('a join that hangs gives up with a clear reason', async () => {
  jest.useFakeTimers();
  const cancel = jest.fn();
  connect = jest.fn(() => Object.assign(new Promise(() => undefined), { cancel }));
  const provider = new TwilioProvider({ token: 'jwt', room: 'promatch-c-1' });
  const events = collect(provider);
  const joining = provider.join({ audio: track('mic'), video: track('cam') });
  await jest.advanceTimersByTimeAsync(TWILIO_JOIN_TIMEOUT_MS);
  await joining;
  expect(cancel).toHaveBeenCalled();
  expect(events.at(-1)).toEqual({ type: 'state', state: 'failed', reason: TWILIO_UNREACHABLE });
  jest.useRealTimers();
});

test('participants and their camera and screen tracks become the call’s events', async () => {
  const room = new FakeRoom();
  connect = jest.fn(() => Object.assign(Promise.resolve(room), { cancel: jest.fn() }));
  const provider = new TwilioProvider({ token: 'jwt', room: 'promatch-c-1' });
  const events = collect(provider);
  await provider.join({ audio: track('mic'), video: track('cam') });
  expect(connect).toHaveBeenCalledWith('jwt', expect.objectContaining({ name: 'promatch-c-1' }));
  expect(events.filter((e) => e.type === 'state').map((e) => e.state)).toEqual([
    'joining',
    'waiting',
  ]);

  const partner = new FakeParticipant();
  room.emit('participantConnected', partner);
  expect(events.at(-1)).toEqual({ type: 'state', state: 'connected', reason: undefined });
  partner.emit('trackSubscribed', {
    kind: 'video',
    name: 'camera',
    mediaStreamTrack: track('their-cam'),
  });
  expect(events.at(-1)).toEqual({
    type: 'remote-video',
    track: track('their-cam'),
    source: 'camera',
  });
  partner.emit('trackSubscribed', {
    kind: 'video',
    name: 'screen',
    mediaStreamTrack: track('their-screen'),
  });
  expect(events.at(-1)).toEqual({
    type: 'remote-video',
    track: track('their-screen'),
    source: 'screen',
  });
  partner.emit('trackUnsubscribed', {
    kind: 'video',
    name: 'screen',
    mediaStreamTrack: track('their-screen'),
  });
  expect(events.at(-1)).toEqual({
    type: 'remote-video',
    track: track('their-cam'),
    source: 'camera',
  });

  room.emit('participantDisconnected', partner);
  expect(events.at(-1)).toEqual({ type: 'state', state: 'waiting', reason: undefined });
  await provider.leave();
  expect(room.disconnect).toHaveBeenCalled();
  expect(events.at(-1)).toEqual({ type: 'state', state: 'ended', reason: undefined });
});
