/**
 * The one e2e fixture for the backend: where it is, the keys it accepts, clients for seeding and
 * checking rows, and the users each test makes for itself. Specs either import the helpers or use
 * `test` from here, whose fixtures make a fresh user per test and delete it afterwards.
 */
import { randomUUID } from 'node:crypto';
import { test as base, type Page } from '@playwright/test';
import {
  createClient,
  type Session,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import { BACKEND_PORT } from '@promatch/shared/apps';
import WebSocket from 'ws';
import { LOCAL_DEV_ANON_KEY, LOCAL_DEV_SERVICE_ROLE_KEY } from '@promatch/shared/local-dev-keys';

/** The backend the e2e global setup starts, on the local keys (the same ones `npm start` uses). */
export const BACKEND_URL = `http://localhost:${BACKEND_PORT}`;
export const ANON_KEY = LOCAL_DEV_ANON_KEY;
export const SERVICE_ROLE_KEY = LOCAL_DEV_SERVICE_ROLE_KEY;
/** supabase-js keeps the session under sb-<first label of the host>-auth-token. */
const STORAGE_KEY = 'sb-localhost-auth-token';
/** Meets every password rule of the sign-up form, for specs that type a password in. */
export const STRONG_PASSWORD = 'Promatch1Secret';

type RealtimeTransport = NonNullable<
  NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']
>;

// supabase-js on Node 20 needs a WebSocket implementation for its realtime client; ws's class
// differs from the DOM type only in event-listener overloads.
const noPersistence: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as RealtimeTransport },
};

/** Bypasses row level security: for seeding and checking rows, never for what a user does. */
export const serviceClient = (): SupabaseClient =>
  createClient(BACKEND_URL, SERVICE_ROLE_KEY, noPersistence);

/** A client as a visitor's browser has it: the anon key, no session yet. */
export const anonClient = (): SupabaseClient => createClient(BACKEND_URL, ANON_KEY, noPersistence);

/** A unique address per call, so no test depends on another's rows. */
export const uniqueEmail = (label = 'user') =>
  `e2e-${label}-${randomUUID().slice(0, 8)}@example.co.uk`;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  accountType: 'professional' | 'business';
}

export interface NewUser extends Partial<Omit<TestUser, 'id'>> {
  /** false leaves the address unconfirmed, as after sign-up before the e-mailed link. */
  confirmed?: boolean;
  /**
   * A business's company: 'verified' (the default, as staff approving it) lets it publish
   * projects, write first and request calls; 'none' leaves it without one, unverified.
   */
  company?: 'verified' | 'none';
  /** The plan a professional signs up for (free unless told). */
  plan?: 'free' | 'pro';
}

/** A verified company record of the business's own (a made-up number), linked to its profile. */
async function giveVerifiedCompany(userId: string, name: string): Promise<void> {
  const service = serviceClient();
  const now = new Date().toISOString();
  const number = `TS${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
  const { data, error } = await service
    .from('companies')
    .insert({
      owner_id: userId,
      company_number: number,
      company_name: `${name} Ltd`,
      verification_status: 'verified',
      verified_at: now,
      reviewed_at: now,
    })
    .select('id')
    .single();
  if (error) throw error;
  const linked = await service.from('profiles').update({ company_id: data.id }).eq('id', userId);
  if (linked.error) throw linked.error;
}

/** A user made through the admin API (confirmed unless told otherwise); each test makes its own. */
export async function createUser(overrides: NewUser = {}): Promise<TestUser> {
  const accountType = overrides.accountType ?? 'professional';
  const name = overrides.name ?? (accountType === 'business' ? 'Bianca Business' : 'Priya Patel');
  const email = overrides.email ?? uniqueEmail(accountType);
  const password = overrides.password ?? `Secret-${randomUUID().slice(0, 8)}A1`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: overrides.confirmed ?? true,
    user_metadata: { name, account_type: accountType, selected_plan: overrides.plan ?? 'free' },
  });
  if (error || !data.user) throw error ?? new Error('createUser returned no user');
  if (accountType === 'business' && (overrides.company ?? 'verified') === 'verified') {
    await giveVerifiedCompany(data.user.id, name);
  }
  return { id: data.user.id, email, password, name, accountType };
}

/** Removes the user and, by cascade, every row that belongs to them. */
export async function deleteUser(user: Pick<TestUser, 'id'>): Promise<void> {
  const { error } = await serviceClient().auth.admin.deleteUser(user.id);
  if (error) throw error;
}

/** Every area of the management portal an admin can be given (super admins hold them all). */
export const ALL_ADMIN_AREAS = {
  users: true,
  verification: true,
  announcements: true,
  inbox: true,
  audit: true,
  analytics: true,
  moderation: true,
  payments: true,
};

/** An admin_users row for `user`; `permissions` names the portal areas (none by default). */
export async function makeAdmin(
  user: TestUser,
  role: 'admin' | 'super_admin' = 'admin',
  permissions: Record<string, boolean> = {},
) {
  const { error } = await serviceClient()
    .from('admin_users')
    .insert({ user_id: user.id, role, is_active: true, permissions });
  if (error) throw error;
}

export async function sessionFor(user: TestUser): Promise<Session> {
  const { data, error } = await anonClient().auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

/** A supabase-js client signed in as `user`: what their browser, or a script of theirs, sends. */
export async function clientFor(user: TestUser): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error) throw error;
  return client;
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

interface BackendFixtures {
  /** Makes users for this test (`createUser` options) and deletes them when it ends. */
  makeUser: (overrides?: NewUser) => Promise<TestUser>;
  /** A fresh confirmed professional, for this test only. */
  user: TestUser;
  /** The page, already signed in as `user`. */
  signedInPage: Page;
}

/** Playwright's `test` with users that are made for one test and removed after it. */
export const test = base.extend<BackendFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  makeUser: async ({}, provide) => {
    const made: TestUser[] = [];
    await provide(async (overrides) => {
      const user = await createUser(overrides);
      made.push(user);
      return user;
    });
    await Promise.all(made.map(deleteUser));
  },
  user: async ({ makeUser }, provide) => provide(await makeUser()),
  signedInPage: async ({ page, user }, provide) => {
    await signInAs(page, user);
    await provide(page);
  },
});
export { expect } from '@playwright/test';
