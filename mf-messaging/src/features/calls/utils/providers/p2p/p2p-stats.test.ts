import { statsFromReport } from './p2p-stats';

/** A getStats report as Chromium gives it: a map of typed entries. */
const report = (entries: Record<string, unknown>[]) =>
  new Map(
    entries.map((entry, index) => [String(index), { id: String(index), ...entry }]),
  ) as unknown as RTCStatsReport;

test('resolution received and sent, round trip, loss and jitter from a getStats report', () => {
  const stats = statsFromReport(
    report([
      { type: 'inbound-rtp', kind: 'audio', packetsLost: 50, packetsReceived: 50 },
      {
        type: 'inbound-rtp',
        kind: 'video',
        frameWidth: 1280,
        frameHeight: 720,
        framesPerSecond: 29.8,
        packetsLost: 1,
        packetsReceived: 999,
        jitter: 0.004,
      },
      { type: 'outbound-rtp', kind: 'video', frameWidth: 640, frameHeight: 360 },
      { type: 'candidate-pair', state: 'failed', currentRoundTripTime: 3 },
      { type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.012 },
    ]),
  );
  expect(stats).toEqual({
    remoteWidth: 1280,
    remoteHeight: 720,
    remoteFps: 29.8,
    sentWidth: 640,
    sentHeight: 360,
    roundTripMs: 12,
    packetLoss: 0.001,
    jitterMs: 4,
    quality: 'good',
  });
});

test('before media flows every figure is unknown', () => {
  expect(statsFromReport(report([]))).toMatchObject({
    remoteWidth: null,
    sentWidth: null,
    roundTripMs: null,
    packetLoss: null,
    quality: 'unknown',
  });
});
