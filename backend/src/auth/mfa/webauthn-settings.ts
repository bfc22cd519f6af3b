/**
 * Where passkeys may be made and used: the relying party (RP) id and the page origins the browser
 * may report, from the environment, never from the request. Without settings they follow
 * SITE_URL (http://localhost:3000 gives RP id `localhost` and that one origin), so `npm start`
 * works with nothing set.
 *
 * - WEBAUTHN_RP_ID: the registrable domain passkeys are bound to, e.g. `promatch.co.uk`.
 * - WEBAUTHN_RP_ORIGINS: comma-separated origins of the pages that run the ceremony, e.g.
 *   `https://promatch.co.uk,https://www.promatch.co.uk`.
 * - WEBAUTHN_RP_DISPLAY_NAME: the name the browser shows (default `ProMatch`).
 * - MFA_WEB_AUTHN_ENROLL_ENABLED / MFA_WEB_AUTHN_VERIFY_ENABLED: `false` turns the two halves off
 *   (GoTrue's names without the GOTRUE_ prefix; both on by default).
 */
export interface WebAuthnSettings {
  rpId: string;
  rpName: string;
  origins: string[];
  enrollEnabled: boolean;
  verifyEnabled: boolean;
}

const flag = (value: string | undefined) => value?.trim().toLowerCase() !== 'false';

export function webAuthnSettings(
  siteUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): WebAuthnSettings {
  const site = new URL(siteUrl);
  const origins = (env.WEBAUTHN_RP_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
  return {
    rpId: env.WEBAUTHN_RP_ID?.trim() || site.hostname,
    rpName: env.WEBAUTHN_RP_DISPLAY_NAME?.trim() || 'ProMatch',
    origins: origins.length > 0 ? origins : [site.origin],
    enrollEnabled: flag(env.MFA_WEB_AUTHN_ENROLL_ENABLED),
    verifyEnabled: flag(env.MFA_WEB_AUTHN_VERIFY_ENABLED),
  };
}
