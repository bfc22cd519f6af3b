import type { EachDbContext } from '../support/test-server.ts';
import { rawAuth, uniqueEmail } from '../support/auth-helpers.ts';

/** Wire-level behaviour: error shapes by API version, bad input, settings, health, JWKS, outbox. */
export function protocolCases({ server }: EachDbContext) {
  it('answers the 2024-01-01 error shape with its header, and the legacy shape without it', async () => {
    const body = { email: uniqueEmail('shape'), password: 'nope-nope' };
    const modern = await rawAuth(server(), '/token?grant_type=password', { method: 'POST', body });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(modern.body).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const legacy = await rawAuth(server(), '/token?grant_type=password', {
      method: 'POST',
      body,
      apiVersion: false,
    });
    expect(legacy.body).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    const missing = await rawAuth(server(), '/no-such-route');
    expect(missing.status).toBe(404);
  });

  it('answers bad input with 4xx in GoTrue shape, never 500', async () => {
    const post = (path: string, body: string) =>
      fetch(`${server().url}/auth/v1${path}`, {
        method: 'POST',
        headers: {
          apikey: server().anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body,
      });
    const cases: [string, string, number, string][] = [
      ['/signup', '{bad json', 400, 'bad_json'],
      ['/signup', '{"email":123,"password":[1]}', 400, 'validation_failed'],
      [
        '/signup',
        `{"email":"x'; drop table auth.users;--@b.co","password":"Passw0rd!"}`,
        400,
        'email_address_invalid',
      ],
      [
        '/token?grant_type=password',
        '{"email":{"$gt":""},"password":"x"}',
        400,
        'validation_failed',
      ],
      ['/token?grant_type=unknown', '{}', 400, 'validation_failed'],
      ['/verify', `{"type":"signup","token_hash":"' or 1=1 --"}`, 403, 'otp_expired'],
    ];
    for (const [path, body, status, code] of cases) {
      const response = await post(path, body);
      expect({ path, status: response.status, body: await response.json() }).toMatchObject({
        status,
        body: { code },
      });
    }
  });

  it('serves settings, health, the outbox page and JWKS', async () => {
    expect((await rawAuth(server(), '/settings')).body).toMatchObject({
      external: { email: true },
      mailer_autoconfirm: false,
    });
    expect((await rawAuth(server(), '/health')).status).toBe(200);
    const jwks = (await rawAuth(server(), '/.well-known/jwks.json')).body as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const oauth = await rawAuth(server(), '/authorize?provider=google');
    expect(oauth).toMatchObject({ status: 400, body: { code: 'provider_disabled' } });
    const page = await fetch(`${server().url}/outbox`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('ProMatch outbox');
  });
}
