import {
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  CUES,
  startCompaniesHouseStandIn,
  STAND_IN_API_KEY,
  type StandIn,
} from '../../../e2e/support/companies-house-stand-in.ts';
import handler from '../../../supabase/functions/verify-company/index.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

type RealtimeTransport = NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'];

const client = (server: TestServer, key = server.anonKey): SupabaseClient =>
  createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as RealtimeTransport },
  });

const invoke = async (server: TestServer, body: unknown) => {
  const { data, error, response } = await client(server).functions.invoke('verify-company', {
    body: body as Record<string, unknown>,
  });
  return { data, status: response?.status, error };
};

const TIMEOUT_MS = 800;

describe('functions: verify-company against the Companies House stand-in', () => {
  let standIn: StandIn;
  let server: TestServer;

  beforeAll(async () => {
    standIn = await startCompaniesHouseStandIn({ slowMs: 3000 });
    server = await startTestServer({
      db: 'pglite',
      env: {
        COMPANIES_HOUSE_API_KEY: STAND_IN_API_KEY,
        COMPANIES_HOUSE_API_URL: standIn.url,
        COMPANIES_HOUSE_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  }, 30_000);

  test('search answers active companies only, in the record shape, and caches', async () => {
    const first = await invoke(server, { action: 'search', query: 'promatch test' });
    expect(first.status).toBe(200);
    expect(first.data.fallback).toBe(false);
    const numbers = first.data.companies.map((c: { company_number: string }) => c.company_number);
    expect(numbers).toEqual(['12345678', 'SC123456']);
    expect(first.data.companies[0]).toMatchObject({
      company_name: 'PROMATCH TEST SOLUTIONS LIMITED',
      company_status: 'active',
      registered_office_address: { locality: 'London', postal_code: 'EC1A 1BB' },
    });
    const calls = standIn.requests.length;
    await invoke(server, { action: 'search', query: 'Promatch Test' });
    expect(standIn.requests.length).toBe(calls);
  });

  test('a query under 3 characters is a 400', async () => {
    const short = await invoke(server, { action: 'search', query: 'ab' });
    expect(short.status).toBe(400);
  });

  test('verify normalises the number, stores the company verified, and sign-up links it', async () => {
    const answer = await invoke(server, { action: 'verify', company_number: 'sc 123456' });
    expect(answer.data).toMatchObject({ success: true, fallback: false, error: null });
    expect(answer.data.company.company_number).toBe('SC123456');
    expect(standIn.requests).toContain('/company/SC123456');

    const service = client(server, server.serviceRoleKey);
    const email = `biz.${Date.now()}@example.com`;
    const created = await service.auth.admin.createUser({
      email,
      password: 'Secr3t-biz-123',
      email_confirm: true,
      user_metadata: {
        name: 'Biz Owner',
        account_type: 'business',
        company: answer.data.company.company_name,
        // the register's answer counts only with the single-use ticket the visitor was given
        company_data: {
          ...answer.data.company,
          verification_ticket: answer.data.verification_ticket,
        },
      },
    });
    expect(created.error).toBeNull();
    const { data: profile } = await service
      .from('profiles')
      .select('account_type, company, companies(company_number, verification_source, verified_at)')
      .eq('id', created.data.user!.id)
      .single();
    expect(profile).toMatchObject({
      account_type: 'business',
      companies: { company_number: 'SC123456', verification_source: 'companies_house' },
    });
    expect(
      (profile as unknown as { companies: { verified_at: string | null } }).companies.verified_at,
    ).not.toBeNull();
  });

  test('404 and a dissolved company are answered without fallback', async () => {
    const missing = await invoke(server, { action: 'verify', company_number: CUES.missingNumber });
    expect(missing.data).toMatchObject({ success: false, company: null, fallback: false });
    const dissolved = await invoke(server, { action: 'verify', company_number: '1234567' });
    expect(dissolved.data).toMatchObject({ success: false, fallback: false });
    expect(dissolved.data.error).toMatch(/dissolved/);
  });

  test('a 500 and a timeout become fallback answers', async () => {
    const broken = await invoke(server, { action: 'search', query: CUES.brokenQuery });
    expect(broken.data).toMatchObject({ companies: [], fallback: true });
    const started = Date.now();
    const slow = await invoke(server, { action: 'verify', company_number: CUES.slowNumber });
    expect(slow.data).toMatchObject({ success: false, fallback: true });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
  });

  test('a 429 pauses lookups: the next one falls back without calling the API', async () => {
    const limited = await invoke(server, { action: 'search', query: CUES.rateLimitedQuery });
    expect(limited.data).toMatchObject({ fallback: true });
    const calls = standIn.requests.length;
    const next = await invoke(server, { action: 'search', query: 'acme widgets' });
    expect(next.data).toMatchObject({ fallback: true });
    expect(standIn.requests.length).toBe(calls);
  });
});

describe('functions: verify-company without a usable key', () => {
  let standIn: StandIn;
  let server: TestServer;

  beforeAll(async () => {
    standIn = await startCompaniesHouseStandIn();
    server = await startTestServer({
      db: 'pglite',
      env: { COMPANIES_HOUSE_API_KEY: 'wrong-key', COMPANIES_HOUSE_API_URL: standIn.url },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  }, 30_000);

  test('a 401 from the API becomes fallback for search and verify', async () => {
    const search = await invoke(server, { action: 'search', query: 'promatch' });
    expect(search.data).toMatchObject({ companies: [], fallback: true });
    const verify = await invoke(server, { action: 'verify', company_number: '12345678' });
    expect(verify.data).toMatchObject({ success: false, fallback: true });
    expect(standIn.requests.length).toBeGreaterThan(0);
  });
});

describe('functions: verify-company with no key configured', () => {
  const saved = process.env.COMPANIES_HOUSE_API_KEY;
  beforeAll(() => delete process.env.COMPANIES_HOUSE_API_KEY);
  afterAll(() => {
    if (saved !== undefined) process.env.COMPANIES_HOUSE_API_KEY = saved;
  });

  const post = (body: unknown) =>
    handler(
      new Request('http://local/verify-company', { method: 'POST', body: JSON.stringify(body) }),
    );

  test('answers fallback: true for search and verify, without calling anything', async () => {
    const search = await post({ action: 'search', query: 'promatch' });
    expect(await search.json()).toMatchObject({ companies: [], fallback: true });
    const verify = await post({ action: 'verify', company_number: '12345678' });
    expect(await verify.json()).toMatchObject({ success: false, company: null, fallback: true });
  });

  test('rejects other methods and malformed numbers', async () => {
    const get = await handler(new Request('http://local/verify-company'));
    expect(get.status).toBe(405);
    const bad = await post({ action: 'verify', company_number: 'not a number!' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: 'Please enter a valid UK company number (e.g., 12345678 or SC123456).',
    });
  });
});
