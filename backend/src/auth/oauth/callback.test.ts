import { providerVerifiedEmail } from './callback.ts';

describe('providerVerifiedEmail', () => {
  it('trusts email_verified (boolean or the string some providers send) and nothing else', () => {
    expect(providerVerifiedEmail('google', { email_verified: true })).toBe(true);
    expect(providerVerifiedEmail('linkedin_oidc', { email_verified: 'true' })).toBe(true);
    expect(providerVerifiedEmail('google', { email_verified: false })).toBe(false);
    expect(providerVerifiedEmail('google', {})).toBe(false);
    expect(providerVerifiedEmail('oidc', { email_verified: 'yes' })).toBe(false);
  });

  it("reads Microsoft's xms_edov only for Microsoft", () => {
    expect(providerVerifiedEmail('azure', { xms_edov: true })).toBe(true);
    expect(providerVerifiedEmail('azure', { xms_edov: 1 })).toBe(true);
    expect(providerVerifiedEmail('azure', { xms_edov: false })).toBe(false);
    expect(providerVerifiedEmail('azure', {})).toBe(false);
    expect(providerVerifiedEmail('oidc', { xms_edov: true })).toBe(false);
  });
});
