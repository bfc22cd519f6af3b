/**
 * A real OpenID Connect provider (the certified `oidc-provider` package) on loopback, standing
 * in for LinkedIn, Google or Microsoft in tests and e2e. Run as a child process:
 * `node backend/test/support/oidc-issuer.mjs`; it prints one JSON line `{ "issuer": … }` once it
 * listens. Its own login and consent pages (the package's development interactions) accept any
 * login: the login is the person's e-mail address, verified unless it contains "+unverified".
 *
 * One client is registered for the backend: `promatch` / `promatch-local-secret`, a native
 * client, so its loopback callback may use any port (RFC 8252).
 *
 * Environment: OIDC_ISSUER_PORT (0 for any free port), OIDC_CODE_TTL (seconds an authorization
 * code stays valid; 60 by default).
 */
import http from 'node:http';
import Provider from 'oidc-provider';

export const CLIENT_ID = 'promatch';
export const CLIENT_SECRET = 'promatch-local-secret';

const port = Number.parseInt(process.env.OIDC_ISSUER_PORT ?? '0', 10) || 0;
const codeTtl = Number.parseInt(process.env.OIDC_CODE_TTL ?? '60', 10) || 60;

const server = http.createServer();
await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
const address = server.address();
const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;

/** The claims of the person who typed `login` on the login page. */
function claimsFor(login) {
  const email = login.trim().toLowerCase();
  const local = email.split('@')[0] ?? email;
  const given = local.split(/[.+_-]/)[0] ?? local;
  return {
    sub: login,
    email,
    email_verified: !email.includes('+unverified'),
    name: `${given.charAt(0).toUpperCase()}${given.slice(1)} Tester`,
    given_name: given,
    family_name: 'Tester',
  };
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/auth/v1/callback', 'http://localhost/auth/v1/callback'],
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name'],
  },
  async findAccount(_ctx, sub) {
    return { accountId: sub, claims: async () => claimsFor(sub) };
  },
  cookies: { keys: ['promatch-local-oidc-issuer-cookie-key'] },
  ttl: { AuthorizationCode: codeTtl },
  features: { devInteractions: { enabled: true } },
});
// The package warns that development interactions and keys are for development only: they are.
provider.on('server_error', (_ctx, error) => console.error(`oidc-issuer: ${error.message}`));
server.on('request', provider.callback());

process.stdout.write(
  `${JSON.stringify({ issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET })}\n`,
);
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
