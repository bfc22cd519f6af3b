import { networkQuality, qualityFromLevel } from './network-quality';

test('network quality from round trip, loss and jitter', () => {
  expect(networkQuality({ roundTripMs: null, packetLoss: null, jitterMs: null })).toBe('unknown');
  expect(networkQuality({ roundTripMs: 2, packetLoss: 0, jitterMs: 1 })).toBe('good');
  expect(networkQuality({ roundTripMs: 220, packetLoss: 0, jitterMs: 1 })).toBe('fair');
  expect(networkQuality({ roundTripMs: 20, packetLoss: 0.05, jitterMs: 1 })).toBe('fair');
  expect(networkQuality({ roundTripMs: 20, packetLoss: 0.2, jitterMs: 1 })).toBe('poor');
  expect(networkQuality({ roundTripMs: 600, packetLoss: null, jitterMs: null })).toBe('poor');
});

test('Twilio’s 0-5 levels in the same words', () => {
  expect([null, 0, 1, 2, 3, 4, 5].map(qualityFromLevel)).toEqual([
    'unknown',
    'poor',
    'poor',
    'fair',
    'fair',
    'good',
    'good',
  ]);
});
