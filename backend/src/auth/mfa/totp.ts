import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 parameters every authenticator app understands (and GoTrue uses). */
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export function totpUri(secret: string, issuer: string, account: string): string {
  return new TOTP({
    ...PARAMS,
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** SVG markup of the otpauth:// URI; auth-js adds the data:image/svg+xml prefix itself. */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

/** Accepts the current code and one step either side, for clock drift. */
export function isValidTotp(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const totp = new TOTP({ ...PARAMS, secret: Secret.fromBase32(secret) });
  return totp.validate({ token: code, window: 1 }) !== null;
}

/** The current code, for tests and tools. */
export function currentTotp(secret: string): string {
  return new TOTP({ ...PARAMS, secret: Secret.fromBase32(secret) }).generate();
}
