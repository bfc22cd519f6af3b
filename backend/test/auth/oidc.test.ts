import pg from 'pg';
import type { Provider, SupabaseClient } from '@supabase/supabase-js';
import { makeClient, PASSWORD, rawAuth, uniqueEmail } from '../support/auth-helpers.ts';
import { startOidcIssuer, walkProvider, type OidcIssuer } from '../support/oidc-helpers.ts';
import { postgresAvailable, startTestServer, type TestServer } from '../support/test-server.ts';

jest.setTimeout(90_000);

/**
 * OpenID Connect sign-in, sign-up, linking and unlinking through supabase-js, against a real
 * provider on loopback (oidc-provider, through its own login and consent pages). Runs on
 * PostgreSQL (PGlite when it does not answer): the expired-code case ages a row in the database.
 */
const SITE = 'http://localhost:3000';
const CALLBACK = `${SITE}/auth/callback`;
// supabase-js types `provider` as GoTrue's list; the generic issuer is our own name.
const GENERIC = 'oidc' as Provider;

let issuer: OidcIssuer;
let server: TestServer;

beforeAll(async () => {
  // Codes live 5 s at the provider, so one test can let a code expire before the callback.
  issuer = await startOidcIssuer({ codeTtlSeconds: 5 });
  server = await startTestServer({
    db: postgresAvailable() ? 'postgres' : 'pglite',
    env: { ...issuer.env, SITE_URL: SITE },
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await issuer?.stop();
}, 30_000);

// The backend's public address (its provider callback) names localhost; tests call 127.0.0.1.
const servers = () => [
  server.url,
  server.url.replace('127.0.0.1', 'localhost'),
  server.url.replace('localhost', '127.0.0.1'),
  issuer.issuer,
];

/** signInWithOAuth as the sign-in and register pages call it, then the walk through the provider. */
async function continueWith(
  client: SupabaseClient,
  login: string,
  options: { provider?: Provider; data?: Record<string, unknown>; consent?: boolean } = {},
): Promise<URL> {
  const { data, error } = await client.auth.signInWithOAuth({
    provider: options.provider ?? 'linkedin_oidc',
    options: {
      redirectTo: CALLBACK,
      skipBrowserRedirect: true,
      queryParams: options.data ? { data: JSON.stringify(options.data) } : undefined,
    },
  });
  expect(error).toBeNull();
  return walkProvider(data.url ?? '', { login, consent: options.consent, servers: servers() });
}

async function signUpWith(login: string, data: Record<string, unknown>) {
  const client = makeClient(server, { flowType: 'pkce' });
  const back = await continueWith(client, login, { data });
  const code = back.searchParams.get('code');
  expect(back.searchParams.get('error_description')).toBeNull();
  const { data: exchanged, error } = await client.auth.exchangeCodeForSession(code ?? '');
  expect(error).toBeNull();
  return { client, session: exchanged.session!, user: exchanged.user! };
}

async function accountTypeOf(client: SupabaseClient, userId: string) {
  const { data, error } = await client
    .from('profiles')
    .select('account_type, name')
    .eq('id', userId);
  expect(error).toBeNull();
  return data?.[0];
}

describe('OpenID Connect sign-in through a real provider', () => {
  it('GET /settings reports the enabled providers and their button labels', async () => {
    const response = await fetch(`${server.url}/auth/v1/settings`, {
      headers: { apikey: server.anonKey },
    });
    const body = (await response.json()) as {
      external: Record<string, boolean>;
      external_labels: Record<string, string>;
    };
    expect(body.external).toMatchObject({
      email: true,
      linkedin_oidc: true,
      oidc: true,
      google: false,
      azure: false,
    });
    expect(body.external_labels).toEqual({ linkedin_oidc: 'LinkedIn', oidc: 'Test ID' });
  });

  it('refuses a provider that is not enabled (400 provider_disabled)', async () => {
    const response = await fetch(
      `${server.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(CALLBACK)}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'provider_disabled' });
  });

  it('signs up a new business with the account type chosen first, then signs the same person in', async () => {
    const login = uniqueEmail('founder');
    const { client, user, session } = await signUpWith(login, {
      account_type: 'business',
      company: 'Acme Widgets Ltd',
    });
    // The session says how it was made (amr oauth) and counts as one factor (aal1), as GoTrue's.
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { aal: string; amr: { method: string }[] };
    expect(claims.aal).toBe('aal1');
    expect(claims.amr.map((entry) => entry.method)).toEqual(['oauth']);
    expect(user.email).toBe(login);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toMatchObject({
      provider: 'linkedin_oidc',
      providers: ['linkedin_oidc'],
    });
    expect(user.identities?.map((identity) => identity.provider)).toEqual(['linkedin_oidc']);
    expect(await accountTypeOf(client, user.id)).toMatchObject({ account_type: 'business' });

    // Next time, no choices: the identity finds the same account.
    const again = makeClient(server, { flowType: 'pkce' });
    const back = await continueWith(again, login);
    const { data, error } = await again.auth.exchangeCodeForSession(
      back.searchParams.get('code') ?? '',
    );
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    const { data: identities } = await again.auth.getUserIdentities();
    expect(identities?.identities.map((identity) => identity.provider)).toEqual(['linkedin_oidc']);
  });

  it('the implicit flow brings the session back in the fragment', async () => {
    const login = uniqueEmail('implicit');
    const client = makeClient(server);
    const back = await continueWith(client, login, { data: { account_type: 'professional' } });
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(back.origin + back.pathname).toBe(CALLBACK);
    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(login);
    expect(await accountTypeOf(client, data.user!.id)).toMatchObject({
      account_type: 'professional',
    });
  });

  it('a new identity without the register page choices is sent to register (signup_required)', async () => {
    const login = uniqueEmail('stranger');
    const back = await continueWith(makeClient(server, { flowType: 'pkce' }), login);
    expect(back.origin + back.pathname).toBe(CALLBACK);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_code')).toBe('signup_required');
    expect(back.searchParams.get('error_description')).toMatch(/choose an account type/);
    // Nothing was created: the same person can still register through the provider.
    const { user } = await signUpWith(login, { account_type: 'professional' });
    expect(user.email).toBe(login);
  });

  it('links to an existing account only when both the provider and our record say the address is verified', async () => {
    const admin = makeClient(server, { key: server.serviceRoleKey });
    // Verified here and at the provider: linked.
    const verifiedEmail = uniqueEmail('verified');
    const created = await admin.auth.admin.createUser({
      email: verifiedEmail,
      password: PASSWORD,
      email_confirm: true,
    });
    const client = makeClient(server, { flowType: 'pkce' });
    const back = await continueWith(client, verifiedEmail);
    const { data } = await client.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '');
    expect(data.user?.id).toBe(created.data.user?.id);
    expect(data.user?.identities?.map((identity) => identity.provider).sort()).toEqual([
      'email',
      'linkedin_oidc',
    ]);

    // Not verified at the provider: refused, and the account keeps its one identity.
    const unverifiedThere = uniqueEmail('x+unverified');
    await admin.auth.admin.createUser({
      email: unverifiedThere,
      password: PASSWORD,
      email_confirm: true,
    });
    const refused = await continueWith(makeClient(server, { flowType: 'pkce' }), unverifiedThere);
    expect(refused.searchParams.get('error_code')).toBe('email_exists');

    // Not confirmed here (a sign-up still waiting for its link): refused too.
    const unconfirmedHere = uniqueEmail('pending');
    await makeClient(server).auth.signUp({ email: unconfirmedHere, password: PASSWORD });
    const refusedToo = await continueWith(
      makeClient(server, { flowType: 'pkce' }),
      unconfirmedHere,
    );
    expect(refusedToo.searchParams.get('error_code')).toBe('email_exists');
    expect(refusedToo.searchParams.get('code')).toBeNull();
  });

  it('links a provider to a signed-in account, lists it, unlinks it, and never unlinks the last way in', async () => {
    const admin = makeClient(server, { key: server.serviceRoleKey });
    const email = uniqueEmail('linker');
    await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = makeClient(server, { flowType: 'pkce' });
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    // A different person at the provider than the e-mail: linking does not need the same address.
    const providerLogin = uniqueEmail('work-login');
    const { data: linkData, error: linkError } = await client.auth.linkIdentity({
      provider: GENERIC,
      options: { redirectTo: CALLBACK, skipBrowserRedirect: true },
    });
    expect(linkError).toBeNull();
    expect(new URL(linkData.url ?? '').origin).toBe(issuer.issuer);
    const back = await walkProvider(linkData.url ?? '', {
      login: providerLogin,
      servers: servers(),
    });
    const { error } = await client.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '');
    expect(error).toBeNull();
    const { data: listed } = await client.auth.getUserIdentities();
    const linked = listed?.identities.find((identity) => identity.provider === 'oidc');
    expect(linked?.identity_data).toMatchObject({ email: providerLogin, email_verified: true });

    // The same provider account cannot then be linked to someone else.
    const other = uniqueEmail('other');
    await admin.auth.admin.createUser({ email: other, password: PASSWORD, email_confirm: true });
    const otherClient = makeClient(server, { flowType: 'pkce' });
    await otherClient.auth.signInWithPassword({ email: other, password: PASSWORD });
    const { data: otherLink } = await otherClient.auth.linkIdentity({
      provider: GENERIC,
      options: { redirectTo: CALLBACK, skipBrowserRedirect: true },
    });
    const taken = await walkProvider(otherLink.url ?? '', {
      login: providerLogin,
      servers: servers(),
    });
    expect(taken.searchParams.get('error_code')).toBe('identity_already_exists');

    // Signing in through the provider now reaches the linked account.
    const viaProvider = makeClient(server, { flowType: 'pkce' });
    const signedBack = await continueWith(viaProvider, providerLogin, { provider: GENERIC });
    const { data: viaData } = await viaProvider.auth.exchangeCodeForSession(
      signedBack.searchParams.get('code') ?? '',
    );
    expect(viaData.user?.email).toBe(email);

    expect((await client.auth.unlinkIdentity(linked!)).error).toBeNull();
    await client.auth.refreshSession();
    const { data: after } = await client.auth.getUserIdentities();
    expect(after?.identities.map((identity) => identity.provider)).toEqual(['email']);
    const { data: userAfter } = await client.auth.getUser();
    expect(userAfter.user?.app_metadata.providers).toEqual(['email']);

    // An account made through the provider has one way in: it cannot be unlinked.
    const only = await signUpWith(uniqueEmail('only'), { account_type: 'professional' });
    const { data: onlyIdentities } = await only.client.auth.getUserIdentities();
    const { error: lastError } = await only.client.auth.unlinkIdentity(
      onlyIdentities!.identities[0]!,
    );
    expect(lastError).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
  });

  it('two unlinks sent at once still leave one way in', async () => {
    // An account made through LinkedIn that then linked the generic issuer: two ways in, no password.
    const { client } = await signUpWith(uniqueEmail('twice'), { account_type: 'professional' });
    const { data: linkData } = await client.auth.linkIdentity({
      provider: GENERIC,
      options: { redirectTo: CALLBACK, skipBrowserRedirect: true },
    });
    const back = await walkProvider(linkData.url ?? '', {
      login: uniqueEmail('twice-work'),
      servers: servers(),
    });
    expect(
      (await client.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '')).error,
    ).toBeNull();
    const { data: both } = await client.auth.getUserIdentities();
    expect(both?.identities).toHaveLength(2);

    const results = await Promise.all(
      both!.identities.map((identity) => client.auth.unlinkIdentity(identity)),
    );
    const refused = results.filter((result) => result.error);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
    const { data: left } = await client.auth.getUserIdentities();
    expect(left?.identities).toHaveLength(1);
  });

  it('a refused consent comes back as an error and signs no one in', async () => {
    const back = await continueWith(makeClient(server, { flowType: 'pkce' }), uniqueEmail('shy'), {
      data: { account_type: 'professional' },
      consent: false,
    });
    expect(back.origin + back.pathname).toBe(CALLBACK);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_code')).toBe('bad_oauth_callback');
    expect(back.searchParams.get('error_description')).toMatch(/did not share your details/);
  });

  it('refuses a callback whose state is unknown or already used', async () => {
    const client = makeClient(server, { flowType: 'pkce' });
    const { data } = await client.auth.signInWithOAuth({
      provider: 'linkedin_oidc',
      options: { redirectTo: CALLBACK, skipBrowserRedirect: true, queryParams: { data: '{}' } },
    });
    const callback = await walkProvider(data.url ?? '', {
      login: uniqueEmail('state'),
      servers: servers(),
      stopAtCallback: true,
    });
    const forged = new URL(callback);
    forged.searchParams.set('state', crypto.randomUUID());
    const forgedAnswer = await fetch(forged, { redirect: 'manual' });
    expect(forgedAnswer.status).toBe(302);
    const forgedBack = new URL(forgedAnswer.headers.get('location') ?? '');
    expect(forgedBack.origin).toBe(SITE);
    expect(forgedBack.searchParams.get('error_code')).toBe('bad_oauth_state');

    const first = await fetch(callback, { redirect: 'manual' });
    expect(new URL(first.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
    const replay = await fetch(callback, { redirect: 'manual' });
    expect(new URL(replay.headers.get('location') ?? '').searchParams.get('error_code')).toBe(
      'bad_oauth_state',
    );
  });

  it('refuses to trade the code without the verifier of the client that started (bad_code_verifier)', async () => {
    const login = uniqueEmail('pkce');
    const starter = makeClient(server, { flowType: 'pkce' });
    const back = await continueWith(starter, login, { data: { account_type: 'professional' } });
    const code = back.searchParams.get('code') ?? '';
    const thief = await rawAuth(server, '/token?grant_type=pkce', {
      method: 'POST',
      body: { auth_code: code, code_verifier: 'x'.repeat(64) },
    });
    expect(thief.status).toBe(400);
    expect(thief.body).toMatchObject({ code: 'bad_code_verifier' });
  });

  it('an expired code is refused: the provider\u2019s at the callback, ours at the token endpoint', async () => {
    const client = makeClient(server, { flowType: 'pkce' });
    const { data } = await client.auth.signInWithOAuth({
      provider: 'linkedin_oidc',
      options: {
        redirectTo: CALLBACK,
        skipBrowserRedirect: true,
        queryParams: { data: JSON.stringify({ account_type: 'professional' }) },
      },
    });
    const callback = await walkProvider(data.url ?? '', {
      login: uniqueEmail('slow'),
      servers: servers(),
      stopAtCallback: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const late = await fetch(callback, { redirect: 'manual' });
    const lateBack = new URL(late.headers.get('location') ?? '');
    expect(lateBack.searchParams.get('code')).toBeNull();
    expect(lateBack.searchParams.get('error_code')).toBe('bad_oauth_callback');
    expect(lateBack.searchParams.get('error_description')).toMatch(/refused or has expired/);

    if (!server.databaseUrl) return; // PGlite: the server holds the only connection.
    const login = uniqueEmail('idle');
    const starter = makeClient(server, { flowType: 'pkce' });
    const back = await continueWith(starter, login, { data: { account_type: 'professional' } });
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `update auth.flow_state set auth_code_issued_at = now() - interval '10 minutes' where auth_code = $1`,
        [back.searchParams.get('code')],
      );
    } finally {
      await db.end();
    }
    const { error } = await starter.auth.exchangeCodeForSession(
      back.searchParams.get('code') ?? '',
    );
    expect(error).toMatchObject({ code: 'flow_state_expired' });
  });

  it('sends the browser back only to allowed addresses (redirect_to outside the allow list falls back to the site)', async () => {
    const client = makeClient(server, { flowType: 'pkce' });
    const { data } = await client.auth.signInWithOAuth({
      provider: 'linkedin_oidc',
      options: {
        redirectTo: 'https://evil.example/steal',
        skipBrowserRedirect: true,
        queryParams: { data: JSON.stringify({ account_type: 'professional' }) },
      },
    });
    const back = await walkProvider(data.url ?? '', {
      login: uniqueEmail('redirect'),
      servers: servers(),
    });
    expect(back.origin).toBe(SITE);
    expect(back.searchParams.get('code')).toBeTruthy();
  });
});
