import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TestServer } from './test-server.ts';

/** Strong enough for every register rule: 6+ characters with upper case, lower case and a digit. */
export const PASSWORD = 'Passw0rd-123';

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** A key-value store auth-js can keep the PKCE verifier in (tests have no localStorage). */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** supabase-js exactly as the frontends create it; Node 20 needs ws for realtime. */
export function makeClient(
  server: TestServer,
  options: { key?: string; flowType?: 'implicit' | 'pkce' } = {},
): SupabaseClient {
  return createClient(server.url, options.key ?? server.anonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
      storage: memoryStorage(),
    },
    // ws's constructor type is wider than realtime-js's WebSocketLike; it is what realtime-js docs suggest.
    realtime: { transport: WebSocket as never },
  });
}

export const adminClient = (server: TestServer) =>
  makeClient(server, { key: server.serviceRoleKey });

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
}

/** The outbox for one address, newest first. */
export async function mailsTo(server: TestServer, to: string): Promise<OutboxMail[]> {
  const response = await fetch(`${server.url}/outbox?format=json&to=${encodeURIComponent(to)}`);
  return (await response.json()) as OutboxMail[];
}

/** The action link of the newest e-mail to `to`. */
export async function latestLink(server: TestServer, to: string): Promise<string> {
  const [mail] = await mailsTo(server, to);
  if (!mail?.links[0]) throw new Error(`no e-mail with a link for ${to}`);
  return mail.links[0].url;
}

/** Follows an e-mail link like a browser's first hop; returns the 303 Location. */
export async function followLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  if (response.status !== 303) throw new Error(`expected 303 from ${link}, got ${response.status}`);
  return new URL(response.headers.get('location') ?? '');
}

/** A confirmed user made through the admin API (fast path for tests that are not about sign-up). */
export async function confirmedUser(
  server: TestServer,
  tag: string,
  data: Record<string, unknown> = {},
) {
  const email = uniqueEmail(tag);
  const { data: created, error } = await adminClient(server).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: data,
  });
  if (error || !created.user) throw error ?? new Error('createUser failed');
  return { email, id: created.user.id };
}

/** A signed-in client for a fresh confirmed user. */
export async function signedIn(server: TestServer, tag: string) {
  const user = await confirmedUser(server, tag);
  const client = makeClient(server);
  const { data, error } = await client.auth.signInWithPassword({
    email: user.email,
    password: PASSWORD,
  });
  if (error || !data.session) throw error ?? new Error('sign-in failed');
  return { ...user, client, session: data.session };
}

/** A raw call with the headers auth-js sends, for checking exact wire shapes. */
export async function rawAuth(
  server: TestServer,
  path: string,
  init: {
    method?: string;
    token?: string;
    body?: unknown;
    apiVersion?: boolean;
    /** Extra headers, e.g. X-Forwarded-For for a server run with RATE_LIMIT_HEADER. */
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = {
    apikey: server.anonKey,
    'content-type': 'application/json',
    ...init.headers,
  };
  headers.authorization = `Bearer ${init.token ?? server.anonKey}`;
  if (init.apiVersion !== false) headers['x-supabase-api-version'] = '2024-01-01';
  const response = await fetch(`${server.url}/auth/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}
