import { type CallStats } from '../call-provider';
import { networkQuality } from '../network-quality';

type Entry = Record<string, unknown> & { type: string; id: string };
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The call's figures from an RTCPeerConnection's getStats report. */
export function statsFromReport(report: RTCStatsReport): CallStats {
  const entries: Entry[] = [];
  report.forEach((entry: Entry) => entries.push(entry));
  const inbound = entries.find((e) => e.type === 'inbound-rtp' && e.kind === 'video');
  const outbound = entries.find((e) => e.type === 'outbound-rtp' && e.kind === 'video');
  const pair =
    entries.find((e) => e.type === 'candidate-pair' && e.nominated && e.state === 'succeeded') ??
    entries.find((e) => e.type === 'candidate-pair' && e.state === 'succeeded');
  const lost = num(inbound?.packetsLost);
  const received = num(inbound?.packetsReceived);
  const packetLoss =
    lost !== null && received !== null && lost + received > 0 ? lost / (lost + received) : null;
  const rtt = num(pair?.currentRoundTripTime);
  const jitter = num(inbound?.jitter);
  const roundTripMs = rtt === null ? null : Math.round(rtt * 1000);
  const jitterMs = jitter === null ? null : Math.round(jitter * 1000);
  return {
    remoteWidth: num(inbound?.frameWidth),
    remoteHeight: num(inbound?.frameHeight),
    remoteFps: num(inbound?.framesPerSecond),
    sentWidth: num(outbound?.frameWidth),
    sentHeight: num(outbound?.frameHeight),
    roundTripMs,
    packetLoss,
    jitterMs,
    quality: networkQuality({ roundTripMs, packetLoss, jitterMs }),
  };
}
