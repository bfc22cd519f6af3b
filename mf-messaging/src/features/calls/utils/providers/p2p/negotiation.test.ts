/** @jest-environment node */
import { isPolite, sharedCallId, shouldIgnoreOffer } from './negotiation';

test('exactly one side of a pair is polite, whichever asks', () => {
  expect(isPolite('a', 'b')).toBe(true);
  expect(isPolite('b', 'a')).toBe(false);
});

test('perfect negotiation: the impolite side ignores a colliding offer, the polite side never does', () => {
  const colliding = {
    makingOffer: true,
    signalingState: 'have-local-offer' as const,
    settingRemoteAnswerPending: false,
  };
  expect(shouldIgnoreOffer({ polite: false, ...colliding })).toBe(true);
  expect(shouldIgnoreOffer({ polite: true, ...colliding })).toBe(false);
  const calm = {
    makingOffer: false,
    signalingState: 'stable' as const,
    settingRemoteAnswerPending: false,
  };
  expect(shouldIgnoreOffer({ polite: false, ...calm })).toBe(false);
  expect(
    shouldIgnoreOffer({
      polite: false,
      makingOffer: false,
      signalingState: 'have-local-offer',
      settingRemoteAnswerPending: true,
    }),
  ).toBe(false);
});

test('both parties derive the same call id, a UUID, from their two sessions', async () => {
  const one = await sharedCallId('session-a', 'session-b');
  expect(one).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(await sharedCallId('session-b', 'session-a')).toBe(one);
  expect(await sharedCallId('session-a', 'session-c')).not.toBe(one);
});
