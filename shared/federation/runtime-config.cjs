/**
 * The runtime configuration every app reads from `/config.json`: written at deploy or start time
 * from the environment, never baked into a bundle. The anon key is public by design.
 */
const { BACKEND_PORT } = require('./app-ports.cjs');
const { LOCAL_DEV_ANON_KEY } = require('./local-dev-keys.cjs');

const list = (value) =>
  (value || '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * ICE servers for peer-to-peer calls: STUN from VIDEO_STUN_URLS, TURN from VIDEO_TURN_URLS with
 * VIDEO_TURN_USERNAME and VIDEO_TURN_CREDENTIAL (comma-separated URLs). None by default: on one
 * machine (loopback) host candidates connect without any.
 */
function iceServersFromEnv(env) {
  const servers = [];
  const stun = list(env.VIDEO_STUN_URLS);
  if (stun.length) servers.push({ urls: stun });
  const turn = list(env.VIDEO_TURN_URLS);
  if (turn.length) {
    servers.push({
      urls: turn,
      username: env.VIDEO_TURN_USERNAME || undefined,
      credential: env.VIDEO_TURN_CREDENTIAL || undefined,
    });
  }
  return servers;
}

/** The host name of a URL setting, or undefined when it is not a URL (never the credentials). */
function hostOf(value) {
  try {
    return new URL(value).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The outside services that receive personal data in this deployment, read from the same
 * variables the backend and its functions read, so the privacy policy lists exactly these:
 * SMTP_URL (backend/src/mail), TWILIO_ACCOUNT_SID + TWILIO_API_KEY_SID (video-token),
 * COMPANIES_HOUSE_API_KEY (verify-company), EMBEDDINGS_URL (embeddingsConfigFrom),
 * STORAGE_S3_ENDPOINT + STORAGE_S3_BUCKET (backend/src/config), VIDEO_TURN_URLS (calls relayed
 * through a TURN server), TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN + a sender (phone-factor texts,
 * backend/src/auth/phone/sms.ts), GOTRUE_SECURITY_CAPTCHA_SECRET (the captcha provider, see
 * captchaFromEnv) and the browsers' push services unless WEB_PUSH=off (backend/src/push: only the
 * services in PUSH_SERVICE_HOSTS when it is set). Only the kind and a host name: never a key.
 */
/**
 * The sign-in providers the backend enables (backend/src/auth/oauth/providers.ts reads the same
 * GOTRUE_EXTERNAL_<NAME>_* variables): their names as the buttons show them.
 */
const SIGN_IN_PROVIDERS = [
  { env: 'LINKEDIN_OIDC', label: 'LinkedIn', issuer: true },
  { env: 'GOOGLE', label: 'Google', issuer: true },
  { env: 'AZURE', label: 'Microsoft', issuer: false },
  { env: 'OIDC', label: 'single sign-on', issuer: false },
];

function signInProvidersFromEnv(env) {
  return SIGN_IN_PROVIDERS.filter((provider) => {
    const read = (suffix) => (env[`GOTRUE_EXTERNAL_${provider.env}_${suffix}`] || '').trim();
    return (
      /^(1|true|yes|on)$/i.test(read('ENABLED')) &&
      read('CLIENT_ID') !== '' &&
      (provider.issuer || read('URL') !== '')
    );
  }).map((provider) =>
    provider.env === 'OIDC'
      ? (env.GOTRUE_EXTERNAL_OIDC_LABEL || '').trim() || provider.label
      : provider.label,
  );
}

function processorsFromEnv(env) {
  const processors = [];
  if (env.SMTP_URL) processors.push({ kind: 'email', host: hostOf(env.SMTP_URL) });
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_API_KEY_SID) processors.push({ kind: 'twilio' });
  const turn = list(env.VIDEO_TURN_URLS);
  if (turn.length)
    processors.push({ kind: 'turn', host: hostOf(turn[0].replace(/^turns?:/, 'turn://')) });
  if (env.COMPANIES_HOUSE_API_KEY) processors.push({ kind: 'companies-house' });
  const embeddings = (env.EMBEDDINGS_URL || '').trim();
  if (embeddings) processors.push({ kind: 'embeddings', host: hostOf(embeddings) });
  if (env.STORAGE_S3_ENDPOINT && env.STORAGE_S3_BUCKET)
    processors.push({ kind: 'file-storage', host: hostOf(env.STORAGE_S3_ENDPOINT) });
  const smsSender = env.TWILIO_MESSAGE_SERVICE_SID || env.TWILIO_FROM_NUMBER;
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && smsSender)
    processors.push({ kind: 'sms' });
  const captcha = captchaProvider(env);
  if (captcha) processors.push({ kind: 'captcha', host: CAPTCHA_HOSTS[captcha] });
  if (env.WEB_PUSH !== 'off') {
    const hosts = list(env.PUSH_SERVICE_HOSTS);
    processors.push(hosts.length ? { kind: 'push', host: hosts.join(', ') } : { kind: 'push' });
  }
  const signIn = signInProvidersFromEnv(env);
  if (signIn.length) processors.push({ kind: 'sign-in', providers: signIn });
  return processors;
}

const CAPTCHA_HOSTS = { hcaptcha: 'hcaptcha.com', turnstile: 'challenges.cloudflare.com' };

/** The captcha provider the backend checks tokens with, as backend/src/auth/captcha.ts reads it. */
function captchaProvider(env) {
  const secret = (env.GOTRUE_SECURITY_CAPTCHA_SECRET || '').trim();
  const enabled = (env.GOTRUE_SECURITY_CAPTCHA_ENABLED || '').trim().toLowerCase() !== 'false';
  if (!secret || !enabled) return undefined;
  const named = (env.GOTRUE_SECURITY_CAPTCHA_PROVIDER || '').trim().toLowerCase() || 'hcaptcha';
  return named === 'turnstile' ? 'turnstile' : 'hcaptcha';
}

/**
 * The captcha widget's settings: only when the backend checks tokens and a public site key is
 * given (GOTRUE_SECURITY_CAPTCHA_SITEKEY); otherwise absent, and no widget script is loaded.
 */
function captchaFromEnv(env) {
  const provider = captchaProvider(env);
  const siteKey = (env.GOTRUE_SECURITY_CAPTCHA_SITEKEY || '').trim();
  return provider && siteKey ? { provider, siteKey } : undefined;
}

/**
 * Who issues receipts and statements: PLATFORM_NAME (default ProMatch), PLATFORM_ADDRESS (address
 * lines separated by "|" or new lines; default a single "United Kingdom" line) and
 * PLATFORM_VAT_NUMBER (shown on the documents only when set). Public by nature: they are printed
 * on every receipt.
 */
function platformFromEnv(env) {
  const name = (env.PLATFORM_NAME || '').trim() || 'ProMatch';
  const addressLines = (env.PLATFORM_ADDRESS || '')
    .split(/\||\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const vatNumber = (env.PLATFORM_VAT_NUMBER || '').trim();
  return {
    name,
    addressLines: addressLines.length ? addressLines : ['United Kingdom'],
    ...(vatNumber ? { vatNumber } : {}),
  };
}

function runtimeConfigFromEnv(env = process.env) {
  return {
    supabaseUrl: env.SUPABASE_URL || `http://localhost:${BACKEND_PORT}`,
    supabaseAnonKey: env.SUPABASE_ANON_KEY || LOCAL_DEV_ANON_KEY,
    // Twilio when its account and API key are set (the secret stays with the backend's
    // video-token function); otherwise peer-to-peer WebRTC.
    videoProvider: env.TWILIO_ACCOUNT_SID && env.TWILIO_API_KEY_SID ? 'twilio' : 'p2p',
    iceServers: iceServersFromEnv(env),
    processors: processorsFromEnv(env),
    captcha: captchaFromEnv(env),
    platform: platformFromEnv(env),
    features: {},
  };
}

/** `/remotes.json`: federation name -> manifest URL, from REMOTE_<NAME>_URL or the local ports. */
function remotesFromEnv(remotes, env = process.env) {
  return Object.fromEntries(
    remotes.map(({ federationName, port }) => {
      const override = env[`REMOTE_${federationName.toUpperCase()}_URL`];
      return [federationName, override || `http://localhost:${port}/mf-manifest.json`];
    }),
  );
}

module.exports = {
  runtimeConfigFromEnv,
  remotesFromEnv,
  processorsFromEnv,
  captchaFromEnv,
  platformFromEnv,
};
