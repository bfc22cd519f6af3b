import {
  createClient,
  FunctionsHttpError,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import { describeEachDb, type TestServer } from '../support/test-server.ts';

type RealtimeOptions = SupabaseClientOptions<'public'>['realtime'];

const anonClient = (server: TestServer) =>
  createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as NonNullable<RealtimeOptions>['transport'] },
  });

async function errorBody(error: unknown): Promise<unknown> {
  if (!(error instanceof FunctionsHttpError)) throw error;
  return (error.context as Response).json();
}

describeEachDb('functions: newsletter-signup', ({ server }) => {
  test('subscribes, is idempotent on repeats and keeps one lower-cased row', async () => {
    const s = server();
    const email = `News.${Date.now()}@Example.COM`;
    const first = await anonClient(s).functions.invoke('newsletter-signup', {
      body: { email: `  ${email} ` },
    });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ success: true, error: null });
    expect(typeof first.data.message).toBe('string');
    const again = await anonClient(s).functions.invoke('newsletter-signup', { body: { email } });
    expect(again.data).toEqual(first.data);
    const service = createClient(s.url, s.serviceRoleKey, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as unknown as NonNullable<RealtimeOptions>['transport'] },
    });
    const { data } = await service
      .from('newsletter_subscribers')
      .select('email')
      .eq('email', email.toLowerCase());
    expect(data).toEqual([{ email: email.toLowerCase() }]);
    // anon cannot read the list back
    const anonRead = await anonClient(s)
      .from('newsletter_subscribers')
      .select('email')
      .eq('email', email.toLowerCase());
    expect(anonRead.data ?? []).toEqual([]);
  });

  test('a bad address is a clear 400, other methods 405, unknown functions 404, no JWT 401', async () => {
    const s = server();
    const bad = await anonClient(s).functions.invoke('newsletter-signup', {
      body: { email: 'not-an-email' },
    });
    expect(bad.response?.status).toBe(400);
    expect(await errorBody(bad.error)).toEqual({
      success: false,
      message: null,
      error: 'Please enter a valid email address',
    });
    const missing = await anonClient(s).functions.invoke('newsletter-signup', { body: {} });
    expect(missing.response?.status).toBe(400);
    const get = await anonClient(s).functions.invoke('newsletter-signup', { method: 'GET' });
    expect(get.response?.status).toBe(405);
    const unknown = await anonClient(s).functions.invoke('no-such-function', { body: {} });
    expect(unknown.response?.status).toBe(404);
    const noJwt = await fetch(`${s.url}/functions/v1/newsletter-signup`, {
      method: 'POST',
      body: '{"email":"a@b.co"}',
    });
    expect(noJwt.status).toBe(401);
    const traversal = await fetch(`${s.url}/functions/v1/..%2F..%2Fbackend`, {
      method: 'POST',
      headers: { apikey: s.anonKey },
    });
    expect(traversal.status).toBe(404);
  });
});
