import { z } from 'zod';
import { readJsonObject } from '../http/input.ts';
import { ErrorCode } from './codes.ts';
import type { AuthCall } from './context.ts';
import { AuthError } from './errors.ts';

export type CaptchaProvider = 'hcaptcha' | 'turnstile';

export interface CaptchaSettings {
  provider: CaptchaProvider;
  secret: string;
  /** The public site key the browser's widget needs (reaches the browser via /config.json). */
  siteKey: string | undefined;
  /** The provider's siteverify endpoint; tests point it at a local verifier. */
  verifyUrl: string;
}

const VERIFY_URLS: Record<CaptchaProvider, string> = {
  hcaptcha: 'https://hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

/**
 * GoTrue's variables: GOTRUE_SECURITY_CAPTCHA_SECRET turns the check on (off without one, and
 * off when GOTRUE_SECURITY_CAPTCHA_ENABLED=false); GOTRUE_SECURITY_CAPTCHA_PROVIDER is hcaptcha
 * (the default) or turnstile; GOTRUE_SECURITY_CAPTCHA_SITEKEY is the widget's public key;
 * GOTRUE_SECURITY_CAPTCHA_VERIFY_URL replaces the provider's siteverify address.
 */
export function readCaptchaSettings(env: NodeJS.ProcessEnv): CaptchaSettings | null {
  const secret = env.GOTRUE_SECURITY_CAPTCHA_SECRET?.trim();
  if (!secret || env.GOTRUE_SECURITY_CAPTCHA_ENABLED?.trim().toLowerCase() === 'false') return null;
  const named = env.GOTRUE_SECURITY_CAPTCHA_PROVIDER?.trim().toLowerCase() || 'hcaptcha';
  if (named !== 'hcaptcha' && named !== 'turnstile') {
    throw new Error(
      `GOTRUE_SECURITY_CAPTCHA_PROVIDER must be hcaptcha or turnstile, not "${named}"`,
    );
  }
  return {
    provider: named,
    secret,
    siteKey: env.GOTRUE_SECURITY_CAPTCHA_SITEKEY?.trim() || undefined,
    verifyUrl: env.GOTRUE_SECURITY_CAPTCHA_VERIFY_URL?.trim() || VERIFY_URLS[named],
  };
}

const SecurityBody = z.object({
  gotrue_meta_security: z.object({ captcha_token: z.string().max(8192).nullish() }).nullish(),
});

const Verification = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
});

const disallowed = (reasons: string) =>
  new AuthError(
    400,
    ErrorCode.captchaFailed,
    `captcha protection: request disallowed (${reasons})`,
  );

/**
 * GoTrue's captcha check on sign-up, password sign-in, OTP and recovery: the body's
 * `gotrue_meta_security.captcha_token` is sent with the secret and the client's address to the
 * provider's siteverify endpoint as one form POST; `{"success": false}` refuses the request.
 * Does nothing when no secret is configured.
 */
export async function verifyCaptcha(call: AuthCall): Promise<void> {
  const settings = call.captcha;
  if (!settings) return;
  const parsed = SecurityBody.safeParse(readJsonObject(call.request));
  const token = parsed.success ? parsed.data.gotrue_meta_security?.captcha_token?.trim() : '';
  // GoTrue answers a missing token with a 500; it is the caller's fault, so a 400 in the same
  // words as a refused one.
  if (!token) throw disallowed('no captcha response (captcha_token) found in request');
  const form = new URLSearchParams({ secret: settings.secret, response: token, remoteip: call.ip });
  let answer: z.infer<typeof Verification>;
  try {
    const response = await fetch(settings.verifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    answer = Verification.parse(await response.json());
  } catch (error) {
    console.error(`auth: captcha verification failed: ${(error as Error).message}`);
    throw new AuthError(500, ErrorCode.unexpectedFailure, 'captcha verification process failed');
  }
  if (!answer.success) throw disallowed((answer['error-codes'] ?? []).join(', '));
}
