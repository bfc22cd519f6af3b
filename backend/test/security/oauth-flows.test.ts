/**
 * The attacker's view of provider sign-in (/authorize, /callback, /user/identities/authorize):
 * the pending-request table is out of every API role's reach, the caller cannot replace what the
 * server sends the provider (client, callback, state, nonce, PKCE), a sign-up's `data` must be a
 * small JSON object, linking needs a live session, and a stranger's tampered callback signs no
 * one in. Each also proves the legitimate path still works.
 */
import pg from 'pg';
import type { Provider } from '@supabase/supabase-js';
import { makeClient, PASSWORD, rawAuth, uniqueEmail } from '../support/auth-helpers.ts';
import { startOidcIssuer, walkProvider, type OidcIssuer } from '../support/oidc-helpers.ts';
import { postgresAvailable, startTestServer, type TestServer } from '../support/test-server.ts';

jest.setTimeout(90_000);

const SITE = 'http://localhost:3000';
let issuer: OidcIssuer;
let server: TestServer;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  server = await startTestServer({
    db: postgresAvailable() ? 'postgres' : 'pglite',
    env: { ...issuer.env, SITE_URL: SITE },
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await issuer?.stop();
}, 30_000);

const servers = () => [
  server.url,
  server.url.replace('127.0.0.1', 'localhost'),
  server.url.replace('localhost', '127.0.0.1'),
  issuer.issuer,
];

const authorize = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/auth/v1/authorize?${query}`, {
    redirect: 'manual',
    headers: { apikey: server.anonKey, ...headers },
  });

describe('provider sign-in under attack', () => {
  it('no API role can read or write auth.oauth_requests or auth.oauth_pending_links (no grants; RLS on)', async () => {
    if (!server.databaseUrl) return; // PGlite: the server holds the only connection.
    // A pending request exists, holding a provider PKCE verifier and nonce.
    expect((await authorize('provider=linkedin_oidc')).status).toBe(302);
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      for (const table of ['auth.oauth_requests', 'auth.oauth_pending_links']) {
        const { rows } = await db.query<{ rls: boolean }>(
          `select relrowsecurity as rls from pg_class where oid = $1::regclass`,
          [table],
        );
        expect(rows[0]?.rls).toBe(true);
        for (const role of ['anon', 'authenticated', 'service_role']) {
          for (const statement of [
            `select * from ${table}`,
            `delete from ${table}`,
            `update ${table} set created_at = now()`,
          ]) {
            await db.query('begin');
            await db.query(`set local role ${role}`);
            await expect(db.query(statement)).rejects.toThrow(/permission denied/);
            await db.query('rollback');
          }
        }
      }
    } finally {
      await db.end();
    }
    // Nor through the REST gateway, which does not serve the auth schema.
    for (const table of ['oauth_requests', 'oauth_pending_links']) {
      const rest = await fetch(`${server.url}/rest/v1/${table}?select=*`, {
        headers: { apikey: server.anonKey, 'Accept-Profile': 'auth' },
      });
      expect(rest.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('the caller cannot replace the client, callback, state, nonce or PKCE sent to the provider', async () => {
    const evil = new URLSearchParams({
      provider: 'linkedin_oidc',
      client_id: 'someone-else',
      redirect_uri: 'https://evil.example/callback',
      state: 'attacker-state',
      nonce: 'attacker-nonce',
      response_type: 'token',
      response_mode: 'fragment',
      request_uri: 'https://evil.example/request',
      prompt: 'login',
    });
    const response = await authorize(evil.toString());
    expect(response.status).toBe(302);
    const sent = new URL(response.headers.get('location') ?? '');
    expect(sent.origin).toBe(issuer.issuer);
    expect(sent.searchParams.get('client_id')).toBe(issuer.clientId);
    expect(sent.searchParams.get('redirect_uri')).toMatch(/\/auth\/v1\/callback$/);
    expect(sent.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.searchParams.get('nonce')).not.toBe('attacker-nonce');
    expect(sent.searchParams.get('response_type')).toBe('code');
    expect(sent.searchParams.get('response_mode')).toBeNull();
    expect(sent.searchParams.get('request_uri')).toBeNull();
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
    // A harmless provider parameter is passed on, as GoTrue does.
    expect(sent.searchParams.get('prompt')).toBe('login');
  });

  it('answers malformed sign-up data and PKCE with 400, and an unknown provider with provider_disabled', async () => {
    for (const data of ['not json', '[1,2]', '"text"', JSON.stringify({ x: 'y'.repeat(9000) })]) {
      const response = await authorize(
        new URLSearchParams({ provider: 'linkedin_oidc', data }).toString(),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
    }
    const shortChallenge = await authorize('provider=linkedin_oidc&code_challenge=abc');
    expect(shortChallenge.status).toBe(400);
    const unknown = await authorize('provider=facebook');
    expect(await unknown.json()).toMatchObject({ error_code: 'provider_disabled' });
  });

  it('linking needs a live session: no token or the anon key is refused', async () => {
    const anonymous = await fetch(
      `${server.url}/auth/v1/user/identities/authorize?provider=oidc&skip_http_redirect=true`,
      { headers: { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}` } },
    );
    expect(anonymous.status).toBeGreaterThanOrEqual(401);
    expect(anonymous.status).toBeLessThan(500);
    // A signed-in user may.
    const email = uniqueEmail('linker');
    await makeClient(server, { key: server.serviceRoleKey }).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    const client = makeClient(server);
    const { data } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    // (with a PKCE challenge, as supabase-js's linkIdentity sends in the PKCE flow)
    const challenge =
      'code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=s256';
    const allowed = await fetch(
      `${server.url}/auth/v1/user/identities/authorize?provider=oidc&skip_http_redirect=true&${challenge}`,
      {
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${data.session?.access_token ?? ''}`,
        },
      },
    );
    expect(allowed.status).toBe(200);
    expect(new URL(((await allowed.json()) as { url: string }).url).origin).toBe(issuer.issuer);
  });

  it("a link the attacker started and the victim completed at the provider joins no one's account", async () => {
    const admin = makeClient(server, { key: server.serviceRoleKey });
    const attackerEmail = uniqueEmail('link-attacker');
    await admin.auth.admin.createUser({
      email: attackerEmail,
      password: PASSWORD,
      email_confirm: true,
    });
    const attacker = makeClient(server, { flowType: 'pkce' });
    await attacker.auth.signInWithPassword({ email: attackerEmail, password: PASSWORD });
    // The attacker starts linking the generic issuer to their own account and sends the
    // provider address to the victim, who signs in there with their own provider account...
    const { data } = await attacker.auth.linkIdentity({
      provider: 'oidc' as Provider,
      options: { redirectTo: SITE, skipBrowserRedirect: true },
    });
    const victimLogin = uniqueEmail('link-victim');
    const back = await walkProvider(data.url ?? '', { login: victimLogin, servers: servers() });
    // ...and comes back with a code that only the browser holding the verifier can trade.
    expect(back.searchParams.get('code')).toBeTruthy();
    const stolen = await rawAuth(server, '/token?grant_type=pkce', {
      method: 'POST',
      body: { auth_code: back.searchParams.get('code'), code_verifier: 'x'.repeat(64) },
    });
    expect(stolen.status).toBe(400);
    const { data: identities } = await attacker.auth.getUserIdentities();
    expect(identities?.identities.map((identity) => identity.provider)).toEqual(['email']);
    // The victim's provider account is still nobody's: signing in with it finds no account.
    const victim = makeClient(server, { flowType: 'pkce' });
    const { data: start } = await victim.auth.signInWithOAuth({
      provider: 'oidc' as Provider,
      options: { redirectTo: SITE, skipBrowserRedirect: true },
    });
    const victimBack = await walkProvider(start.url ?? '', {
      login: victimLogin,
      servers: servers(),
    });
    expect(victimBack.searchParams.get('error_code')).toBe('signup_required');
  });

  it('linking needs the PKCE flow, so only the browser that started it can finish it', async () => {
    const email = uniqueEmail('implicit-linker');
    await makeClient(server, { key: server.serviceRoleKey }).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    const client = makeClient(server);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await client.auth.linkIdentity({
      provider: 'oidc' as Provider,
      options: { redirectTo: SITE, skipBrowserRedirect: true },
    });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it("a victim's callback with the attacker's code (login CSRF) fails: the state is the victim's own", async () => {
    // The attacker runs a sign-in to the provider and keeps the callback URL (code + state)...
    const attacker = makeClient(server, { flowType: 'pkce' });
    const { data } = await attacker.auth.signInWithOAuth({
      provider: 'linkedin_oidc',
      options: {
        redirectTo: SITE,
        skipBrowserRedirect: true,
        queryParams: { data: JSON.stringify({ account_type: 'professional' }) },
      },
    });
    const callback = await walkProvider(data.url ?? '', {
      login: uniqueEmail('attacker'),
      servers: servers(),
      stopAtCallback: true,
    });
    // ...and pairs the code with the state of a sign-in the victim started.
    const victimStart = await authorize('provider=linkedin_oidc');
    const victimState = new URL(victimStart.headers.get('location') ?? '').searchParams.get(
      'state',
    );
    const forged = new URL(callback);
    forged.searchParams.set('state', victimState ?? '');
    const answer = await fetch(forged, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location') ?? '');
    expect(back.hash).not.toMatch(/access_token/);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.hash || back.search).toMatch(/bad_oauth_callback/);
  });
});
