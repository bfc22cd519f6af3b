import { importJWK, jwtVerify, type JWK } from 'jose';
import {
  LOCAL_DEV_ANON_KEY,
  LOCAL_DEV_JWT_SECRET,
  LOCAL_DEV_SERVICE_ROLE_KEY,
} from '@promatch/shared/local-dev-keys';

/**
 * Production mode (PROMATCH_ENV=production; docs/decisions/0146-production-mode.md). Development
 * is the default so `npm start` and the tests need nothing; production refuses to start while any
 * setting below still has its local-development value, and serves nothing development-only.
 * Every problem names the variable to set, so an operator fixes them all in one go.
 */
export type Environment = 'development' | 'production';

export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const value = (env.PROMATCH_ENV ?? '').trim().toLowerCase();
  if (value === '' || value === 'development') return 'development';
  if (value === 'production') return 'production';
  throw new Error(`PROMATCH_ENV must be "development" or "production", not "${env.PROMATCH_ENV}"`);
}

const MIN_SECRET_LENGTH = 32;

const isSet = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';

function checkSecret(secret: string | undefined): string[] {
  if (!isSet(secret))
    return [
      'JWT_SECRET is not set: give the HS256 secret the anon and service-role keys are signed with (at least 32 characters).',
    ];
  if (secret === LOCAL_DEV_JWT_SECRET)
    return [
      "JWT_SECRET is the Supabase CLI's well-known local secret: anyone could sign tokens with it. Set your project's own.",
    ];
  if (secret.length < MIN_SECRET_LENGTH)
    return [`JWT_SECRET is shorter than ${MIN_SECRET_LENGTH} characters.`];
  return [];
}

/** The API key in `name` must be set, not the local default, and an HS256 JWT of `role`. */
async function checkApiKey(
  name: 'ANON_KEY' | 'SERVICE_ROLE_KEY',
  key: string | undefined,
  localDefault: string,
  role: string,
  secret: string | undefined,
): Promise<string[]> {
  if (!isSet(key))
    return [`${name} is not set: give a JWT with role "${role}" signed with JWT_SECRET.`];
  if (key === localDefault)
    return [
      `${name} is the Supabase CLI's well-known local key: anyone could use it. Set your project's own.`,
    ];
  if (!isSet(secret)) return [];
  try {
    const { payload } = await jwtVerify(key, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
    });
    if (payload.role !== role)
      return [`${name} carries role "${String(payload.role)}"; it must be "${role}".`];
  } catch (error) {
    return [`${name} is not a valid JWT signed with JWT_SECRET (${(error as Error).message}).`];
  }
  return [];
}

async function checkSigningKey(raw: string | undefined): Promise<string[]> {
  if (!isSet(raw))
    return [
      'JWT_SIGNING_JWK is not set: give the private ES256 JWK (with "d" and "kid") that signs user tokens; without it each instance makes its own key under DATA_DIR and the others reject its tokens.',
    ];
  try {
    const jwk = JSON.parse(raw) as JWK;
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d || !jwk.kid)
      return ['JWT_SIGNING_JWK must be a private EC P-256 JWK with "d" and "kid".'];
    await importJWK({ ...jwk, alg: 'ES256' }, 'ES256');
  } catch (error) {
    return [`JWT_SIGNING_JWK is not a usable ES256 private key (${(error as Error).message}).`];
  }
  return [];
}

const required: [name: string, why: string][] = [
  [
    'SMTP_URL',
    'e-mail (confirmations, password resets, invitations) must go out over SMTP; the local outbox is development-only',
  ],
  ['MAIL_FROM', 'the sender address of every e-mail, on a domain your SMTP server may send for'],
  ['API_EXTERNAL_URL', "this API's public address, used in e-mail links and as the token issuer"],
  ['SITE_URL', "the site's public address, where e-mail links send people back to"],
];

function checkDevelopmentOnly(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === 'true')
    problems.push(
      'WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true is development-only: it lets webhooks reach the hosts behind this server. Unset it.',
    );
  if (env.PUSH_ALLOW_PRIVATE_NETWORKS === 'true')
    problems.push(
      'PUSH_ALLOW_PRIVATE_NETWORKS=true is development-only: it lets push endpoints that browsers send reach the hosts behind this server, over plain http. Unset it.',
    );
  if (Number.parseInt(env.SEED_DEMO_PROFESSIONALS ?? '', 10) > 0)
    problems.push(
      'SEED_DEMO_PROFESSIONALS is development-only: demo accounts share one published password. Unset it or set 0.',
    );
  return problems;
}

/** Every setting a production server is missing or has at its development value; [] when ready. */
export async function productionProblems(env: NodeJS.ProcessEnv): Promise<string[]> {
  const secret = env.JWT_SECRET;
  const anonKey = env.ANON_KEY ?? env.SUPABASE_ANON_KEY;
  const serviceKey = env.SERVICE_ROLE_KEY ?? env.SUPABASE_SERVICE_ROLE_KEY;
  const secretProblems = checkSecret(secret);
  const keySecret = secretProblems.length === 0 ? secret : undefined;
  return [
    ...secretProblems,
    ...(await checkApiKey('ANON_KEY', anonKey, LOCAL_DEV_ANON_KEY, 'anon', keySecret)),
    ...(await checkApiKey(
      'SERVICE_ROLE_KEY',
      serviceKey,
      LOCAL_DEV_SERVICE_ROLE_KEY,
      'service_role',
      keySecret,
    )),
    ...(await checkSigningKey(env.JWT_SIGNING_JWK)),
    ...required
      .filter(([name]) => !isSet(env[name]))
      .map(([name, why]) => `${name} is not set: ${why}.`),
    ...checkDevelopmentOnly(env),
  ];
}
