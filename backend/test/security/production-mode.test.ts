/**
 * Production mode (PROMATCH_ENV=production, docs/decisions/0146-production-mode.md): the backend
 * refuses to start on the local-development settings and names each one; once configured it
 * serves no development-only route (the /outbox lists password-reset links to anyone) and
 * accepts only its own keys. Development mode, the default, keeps the outbox.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  LOCAL_DEV_ANON_KEY,
  LOCAL_DEV_JWT_SECRET,
  LOCAL_DEV_SERVICE_ROLE_KEY,
} from '@promatch/shared/local-dev-keys';
import { describeEachDb, signHs256, startTestServer } from '../support/test-server.ts';

jest.setTimeout(180_000);

const secret = randomBytes(32).toString('base64url');
const apiKey = (role: string) => signHs256({ iss: 'supabase', role, exp: 2_000_000_000 }, secret);
const anonKey = apiKey('anon');
const serviceRoleKey = apiKey('service_role');

function signingJwk(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return JSON.stringify({
    ...privateKey.export({ format: 'jwk' }),
    kid: 'prod-test',
    alg: 'ES256',
  });
}

/** Everything a production deployment must set (README, "Deploying to production"). */
const productionEnv: Record<string, string> = {
  PROMATCH_ENV: 'production',
  JWT_SECRET: secret,
  ANON_KEY: anonKey,
  SERVICE_ROLE_KEY: serviceRoleKey,
  JWT_SIGNING_JWK: signingJwk(),
  // Nothing listens there: these tests send no mail.
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'ProMatch <no-reply@promatch.example>',
  API_EXTERNAL_URL: 'https://api.promatch.example',
  SITE_URL: 'https://promatch.example',
};

/** Starts the backend with `env` and returns why it refused (the launcher's log). */
async function refusal(env: Record<string, string>): Promise<string> {
  // An empty data directory of its own: the refusal comes before the database is opened, so no
  // migrated template is needed (and a template build would drop SEED_DEMO_PROFESSIONALS).
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'promatch-prod-refusal-'));
  try {
    const server = await startTestServer({ db: 'pglite', env: { ...env, DATA_DIR: dataDir } });
    await server.stop();
  } catch (error) {
    return (error as Error).message;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  throw new Error('the backend started');
}

// The checks run before the database is opened, so one database kind shows them.
describe('production mode refuses development settings', () => {
  test('with nothing set it names every missing setting', async () => {
    const log = await refusal({ PROMATCH_ENV: 'production' });
    expect(log).toContain('refusing to start in production mode');
    for (const name of [
      'JWT_SECRET is not set',
      'ANON_KEY is not set',
      'SERVICE_ROLE_KEY is not set',
      'JWT_SIGNING_JWK is not set',
      'SMTP_URL is not set',
      'MAIL_FROM is not set',
      'API_EXTERNAL_URL is not set',
      'SITE_URL is not set',
    ])
      expect(log).toContain(name);
  });

  test('the well-known local secret and keys, and development-only switches, are refused', async () => {
    const log = await refusal({
      ...productionEnv,
      JWT_SECRET: LOCAL_DEV_JWT_SECRET,
      ANON_KEY: LOCAL_DEV_ANON_KEY,
      SERVICE_ROLE_KEY: LOCAL_DEV_SERVICE_ROLE_KEY,
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      PUSH_ALLOW_PRIVATE_NETWORKS: 'true',
      SEED_DEMO_PROFESSIONALS: '5',
    });
    expect(log).toContain("JWT_SECRET is the Supabase CLI's well-known local secret");
    expect(log).toContain("ANON_KEY is the Supabase CLI's well-known local key");
    expect(log).toContain("SERVICE_ROLE_KEY is the Supabase CLI's well-known local key");
    expect(log).toContain('WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true is development-only');
    expect(log).toContain('PUSH_ALLOW_PRIVATE_NETWORKS=true is development-only');
    expect(log).toContain('SEED_DEMO_PROFESSIONALS is development-only');
  });

  test('keys that do not match the secret or swap roles are refused', async () => {
    const log = await refusal({
      ...productionEnv,
      ANON_KEY: serviceRoleKey,
      SERVICE_ROLE_KEY: signHs256(
        { role: 'service_role' },
        'another-secret-of-at-least-32-chars!!',
      ),
      JWT_SIGNING_JWK: '{"kty":"oct"}',
    });
    expect(log).toContain('ANON_KEY carries role "service_role"; it must be "anon"');
    expect(log).toContain('SERVICE_ROLE_KEY is not a valid JWT signed with JWT_SECRET');
    expect(log).toContain('JWT_SIGNING_JWK must be a private EC P-256 JWK');
  });

  test('a misspelt PROMATCH_ENV is refused rather than read as development', async () => {
    expect(await refusal({ PROMATCH_ENV: 'prod' })).toContain(
      'PROMATCH_ENV must be "development" or "production", not "prod"',
    );
  });
});

describeEachDb(
  'a configured production server',
  ({ server }) => {
    const get = (path: string, key = anonKey) =>
      fetch(`${server().url}${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });

    test('serves no outbox, in any form', async () => {
      for (const path of ['/outbox', '/outbox?format=json', '/outbox/1', '/outbox/'])
        expect((await get(path)).status).toBe(404);
    });

    test('answers with its own keys and refuses the well-known local ones', async () => {
      expect((await get('/health')).status).toBe(200);
      expect((await get('/rest/v1/subscription_plans?select=id')).status).toBe(200);
      expect((await get('/auth/v1/settings')).status).toBe(200);
      expect((await get('/rest/v1/subscription_plans?select=id', LOCAL_DEV_ANON_KEY)).status).toBe(
        401,
      );
      const asService = await get('/auth/v1/admin/users', LOCAL_DEV_SERVICE_ROLE_KEY);
      expect(asService.status).toBe(401);
      expect((await get('/auth/v1/admin/users', serviceRoleKey)).status).toBe(200);
    });
  },
  { env: productionEnv },
);

describe('development mode (the default)', () => {
  test('keeps the local outbox', async () => {
    const server = await startTestServer({ db: 'pglite' });
    try {
      const response = await fetch(`${server.url}/outbox?format=json`);
      expect(response.status).toBe(200);
      expect(Array.isArray(await response.json())).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

/** runtimeConfigProblems from the site's servers (plain .mjs), run in its own Node process. */
function configProblems(config: unknown): string[] {
  const module = pathToFileURL(
    path.resolve(__dirname, '../../../server/src/production-config.mjs'),
  );
  const script = `import(${JSON.stringify(module.href)}).then((m) => process.stdout.write(JSON.stringify(m.runtimeConfigProblems(${JSON.stringify(config)}))))`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  return JSON.parse(result.stdout) as string[];
}

describe("the site's /config.json in production", () => {
  const publicConfig = {
    supabaseUrl: 'https://api.promatch.example',
    supabaseAnonKey: anonKey,
    videoProvider: 'p2p',
    iceServers: [],
    processors: [{ kind: 'embeddings', host: 'embeddings.example.ai' }],
    // who issues receipts: printed on every one, so public
    platform: { name: 'ProMatch', addressLines: ['United Kingdom'], vatNumber: 'GB123456789' },
    features: {},
  };

  test('carries only the URL and the anon key (and the public video settings, processors and receipt issuer)', () => {
    expect(configProblems(publicConfig)).toEqual([]);
  });

  test('a service-role key, the local anon key, a localhost URL or extra fields are refused', () => {
    expect(configProblems({ ...publicConfig, supabaseAnonKey: serviceRoleKey })).toEqual([
      expect.stringContaining('has role "service_role": only the anon key may reach browsers'),
    ]);
    expect(configProblems({ ...publicConfig, supabaseAnonKey: LOCAL_DEV_ANON_KEY })).toEqual([
      expect.stringContaining('well-known local anon key'),
    ]);
    expect(configProblems({ ...publicConfig, supabaseUrl: 'http://localhost:54321' })).toEqual([
      expect.stringContaining('set SUPABASE_URL to the public API address'),
    ]);
    expect(configProblems({ ...publicConfig, serviceRoleKey })).toEqual([
      expect.stringContaining('carries "serviceRoleKey", which is not a public setting'),
    ]);
  });
});
