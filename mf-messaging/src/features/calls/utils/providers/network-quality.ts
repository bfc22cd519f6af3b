import type { NetworkQuality } from './call-provider';

export interface QualityInputs {
  roundTripMs: number | null;
  packetLoss: number | null;
  jitterMs: number | null;
}

/**
 * Good, fair or poor from the figures getStats gives, with the thresholds commonly used for
 * interactive video: under 150 ms round trip, 2 % loss and 30 ms jitter is good; beyond 400 ms,
 * 10 % or 100 ms it is poor.
 */
export function networkQuality({
  roundTripMs,
  packetLoss,
  jitterMs,
}: QualityInputs): NetworkQuality {
  if (roundTripMs === null && packetLoss === null && jitterMs === null) return 'unknown';
  const rtt = roundTripMs ?? 0;
  const loss = packetLoss ?? 0;
  const jitter = jitterMs ?? 0;
  if (rtt > 400 || loss > 0.1 || jitter > 100) return 'poor';
  if (rtt > 150 || loss > 0.02 || jitter > 30) return 'fair';
  return 'good';
}

/** Twilio's network quality level (0-5, null when not measured) in the same three words. */
export function qualityFromLevel(level: number | null | undefined): NetworkQuality {
  if (level === null || level === undefined) return 'unknown';
  if (level >= 4) return 'good';
  if (level >= 2) return 'fair';
  return 'poor';
}
