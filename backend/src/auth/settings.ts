/**
 * Auth knobs that are not part of the shared BackendConfig, read from the environment with
 * GoTrue-like defaults. Tests raise or lower them through the server's environment.
 */
export interface RateLimit {
  /** Requests allowed per client IP in each window. */
  max: number;
  /** Requests allowed per e-mail address in each window (defaults to `max`). */
  perEmailMax: number;
  windowSeconds: number;
}

/** Exponential backoff on sign-in guesses from one address at one account. */
export interface SignInBackoff {
  /** Attempts allowed before the first delay. */
  freeAttempts: number;
  /** The first delay in seconds; each further attempt doubles it. */
  baseSeconds: number;
  maxSeconds: number;
}

export interface AuthSettings {
  signInBackoff: SignInBackoff;
  /** A revoked refresh token may be reused this long after rotation (GoTrue's reuse interval). */
  refreshTokenReuseSeconds: number;
  /** How long e-mail links and codes stay valid. */
  otpExpirySeconds: number;
  /** A PKCE auth code must be exchanged within this time. */
  flowStateExpirySeconds: number;
  mfaChallengeExpirySeconds: number;
  minPasswordLength: number;
  rateLimits: {
    signIn: RateLimit;
    signUp: RateLimit;
    recover: RateLimit;
    /** Guesses at one-time codes: e-mail OTPs, link tokens, TOTP codes. */
    verify: RateLimit;
    /** E-mails sent to one address (sign-up confirmations, recovery, magic links). */
    emailSent: RateLimit;
    /** Phone-factor codes sent, per client address and per user (RATE_LIMIT_SMS_SENT). */
    smsSent: RateLimit;
  };
  /** One phone factor is sent a code at most this often (GoTrue's SMS_MAX_FREQUENCY). */
  smsMaxFrequencySeconds: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number.parseInt(env[name] ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** NAME (per IP), NAME_PER_EMAIL and NAME_WINDOW (seconds), e.g. RATE_LIMIT_SIGN_IN=30 per 300 s. */
function limit(
  env: NodeJS.ProcessEnv,
  name: string,
  max: number,
  windowSeconds: number,
): RateLimit {
  const perIp = int(env, name, max);
  return {
    max: perIp,
    perEmailMax: int(env, `${name}_PER_EMAIL`, perIp),
    windowSeconds: int(env, `${name}_WINDOW`, windowSeconds),
  };
}

export function loadAuthSettings(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  return {
    refreshTokenReuseSeconds: int(env, 'REFRESH_TOKEN_REUSE_INTERVAL', 10),
    otpExpirySeconds: int(env, 'MAILER_OTP_EXP', 86400),
    flowStateExpirySeconds: 300,
    mfaChallengeExpirySeconds: int(env, 'MFA_CHALLENGE_EXPIRY_DURATION', 300),
    minPasswordLength: int(env, 'PASSWORD_MIN_LENGTH', 6),
    signInBackoff: {
      freeAttempts: int(env, 'RATE_LIMIT_SIGN_IN_BACKOFF_AFTER', 5),
      baseSeconds: int(env, 'RATE_LIMIT_SIGN_IN_BACKOFF_BASE', 1),
      maxSeconds: int(env, 'RATE_LIMIT_SIGN_IN_BACKOFF_MAX', 900),
    },
    rateLimits: {
      signIn: limit(env, 'RATE_LIMIT_SIGN_IN', 30, 300),
      signUp: limit(env, 'RATE_LIMIT_SIGN_UP', 30, 300),
      recover: limit(env, 'RATE_LIMIT_RECOVER', 30, 300),
      verify: limit(env, 'RATE_LIMIT_VERIFY', 30, 300),
      emailSent: limit(env, 'RATE_LIMIT_EMAIL_SENT', 30, 3600),
      smsSent: limit(env, 'RATE_LIMIT_SMS_SENT', 30, 3600),
    },
    smsMaxFrequencySeconds: int(env, 'SMS_MAX_FREQUENCY', 60),
  };
}
