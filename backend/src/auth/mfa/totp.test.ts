import { currentTotp, isValidTotp, newTotpSecret, qrCodeSvg, totpUri } from './totp.ts';

describe('TOTP', () => {
  const secret = newTotpSecret();

  it('accepts the current code and refuses others', () => {
    const code = currentTotp(secret);
    expect(isValidTotp(secret, code)).toBe(true);
    expect(isValidTotp(secret, String((Number(code) + 1) % 1_000_000).padStart(6, '0'))).toBe(
      false,
    );
    expect(isValidTotp(secret, 'abcdef')).toBe(false);
  });

  it('builds an otpauth URI and an SVG QR code', async () => {
    const uri = totpUri(secret, 'ProMatch', 'ann@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/ProMatch:ann%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(await qrCodeSvg(uri)).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });
});
