import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createClient, type Session, type SupabaseClientOptions } from '@supabase/supabase-js';
import WebSocket from 'ws';

export const BACKEND_URL = 'http://localhost:54321';
/** The Supabase CLI's well-known local keys, which the e2e backend uses. */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
/** supabase-js keeps the session under sb-<first label of the host>-auth-token. */
const STORAGE_KEY = 'sb-localhost-auth-token';

type RealtimeTransport = NonNullable<
  NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']
>;

// supabase-js on Node 20 needs a WebSocket implementation for its realtime client; ws's class
// differs from the DOM type only in event-listener overloads.
const noPersistence: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as RealtimeTransport },
};
export const serviceClient = () => createClient(BACKEND_URL, SERVICE_ROLE_KEY, noPersistence);

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  accountType: 'professional' | 'business';
}

/** A confirmed user made through the admin API; each test makes its own. */
export async function createUser(
  overrides: Partial<Pick<TestUser, 'name' | 'accountType'>> = {},
): Promise<TestUser> {
  const accountType = overrides.accountType ?? 'professional';
  const name = overrides.name ?? (accountType === 'business' ? 'Bianca Business' : 'Priya Patel');
  const email = `e2e-${randomUUID()}@example.co.uk`;
  const password = `Secret-${randomUUID().slice(0, 8)}A1`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { name, account_type: accountType },
  });
  if (error || !data.user) throw error ?? new Error('createUser returned no user');
  return { id: data.user.id, email, password, name, accountType };
}

export async function makeAdmin(user: TestUser, role: 'admin' | 'super_admin' = 'admin') {
  const { error } = await serviceClient()
    .from('admin_users')
    .insert({ user_id: user.id, role, is_active: true, permissions: {} });
  if (error) throw error;
}

export async function sessionFor(user: TestUser): Promise<Session> {
  const client = createClient(BACKEND_URL, ANON_KEY, noPersistence);
  const { data, error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

/** Starts the page signed in as `user`, the way supabase-js would after a real sign-in. */
export async function signInAs(page: Page, user: TestUser): Promise<void> {
  const session = await sessionFor(user);
  // Seed once per tab, so a later sign-out is not undone by the next navigation.
  await page.addInitScript(
    ([key, value]) => {
      if (window.sessionStorage.getItem('e2e-session-seeded')) return;
      window.sessionStorage.setItem('e2e-session-seeded', '1');
      window.localStorage.setItem(key, value);
    },
    [STORAGE_KEY, JSON.stringify(session)] as const,
  );
}
