/**
 * What the site's servers check before serving in production (PROMATCH_ENV=production,
 * docs/decisions/0146-production-mode.md): the runtime configuration every browser receives as
 * /config.json must hold only public values. The anon key is public by design; the service-role
 * key, or the Supabase CLI's well-known local anon key and a localhost API address, must never be
 * there in a deployment.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { LOCAL_DEV_ANON_KEY } = require('@promatch/shared/local-dev-keys');

/** The fields runtimeConfigFromEnv writes (shared/federation/runtime-config.cjs); nothing else. */
const PUBLIC_FIELDS = new Set([
  'supabaseUrl',
  'supabaseAnonKey',
  'videoProvider',
  'iceServers',
  'processors',
  // The captcha widget's provider and public site key (never the secret).
  'captcha',
  // Who issues receipts: the platform's name, address lines and VAT number (printed on them).
  'platform',
  'features',
]);
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/** Whether PROMATCH_ENV asks for production; any value but development/production throws. */
export function isProduction(env = process.env) {
  const value = (env.PROMATCH_ENV ?? '').trim().toLowerCase();
  if (value === '' || value === 'development') return false;
  if (value === 'production') return true;
  throw new Error(`PROMATCH_ENV must be "development" or "production", not "${env.PROMATCH_ENV}"`);
}

function jwtRole(token) {
  try {
    const payload = JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString());
    return typeof payload.role === 'string' ? payload.role : undefined;
  } catch {
    return undefined;
  }
}

/** Every reason `config` must not reach browsers in production; [] when it may. */
export function runtimeConfigProblems(config, source = '/config.json') {
  const problems = [];
  for (const field of Object.keys(config ?? {}))
    if (!PUBLIC_FIELDS.has(field))
      problems.push(`${source} carries "${field}", which is not a public setting.`);
  const key = config?.supabaseAnonKey;
  if (!key) problems.push(`${source} has no supabaseAnonKey: set SUPABASE_ANON_KEY.`);
  else if (key === LOCAL_DEV_ANON_KEY)
    problems.push(
      `${source} holds the Supabase CLI's well-known local anon key: set SUPABASE_ANON_KEY.`,
    );
  else if (jwtRole(key) !== 'anon')
    problems.push(
      `${source} supabaseAnonKey has role "${jwtRole(key) ?? 'none'}": only the anon key may reach browsers.`,
    );
  let host;
  try {
    host = new URL(config?.supabaseUrl).hostname;
  } catch {
    problems.push(`${source} has no valid supabaseUrl: set SUPABASE_URL.`);
  }
  if (host !== undefined && LOCAL_HOSTS.has(host))
    problems.push(
      `${source} points at ${config.supabaseUrl}: set SUPABASE_URL to the public API address.`,
    );
  return problems;
}
