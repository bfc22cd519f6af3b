import { ErrorCode } from '../codes.ts';
import { AuthError } from '../errors.ts';

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * GoTrue's ban_duration is a Go duration ("24h", "1h30m", "876000h") or "none" to lift a ban.
 * Returns the new banned_until (null to unban).
 */
export function parseBanDuration(value: string, now = Date.now()): Date | null {
  if (value === 'none') return null;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  const consumed = parts.map((part) => part[0]).join('');
  if (parts.length === 0 || consumed !== value) {
    throw new AuthError(400, ErrorCode.validationFailed, 'invalid format for ban duration');
  }
  const ms = parts.reduce((sum, part) => sum + Number(part[1]) * (UNIT_MS[part[2] ?? 's'] ?? 0), 0);
  return new Date(now + ms);
}
