/**
 * Two people in two browser contexts, each signed in, for the messaging specs; and a signed-in
 * API client for checking what a user can reach without the app.
 */
import type { Browser, Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, BACKEND_URL, sessionFor, signInAs, type TestUser } from '../../support/users';

export async function pageFor(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

/** supabase-js signed in as `user`, as a script calling the API directly would be. */
export async function apiAs(user: TestUser): Promise<SupabaseClient> {
  const session = await sessionFor(user);
  const client = createClient(BACKEND_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    // ws stands in for the browser's WebSocket on Node 20.
    realtime: { transport: WebSocket as never },
  });
  await client.realtime.setAuth(session.access_token);
  return client;
}

/** The conversation id in a /messages/<id> address. */
export const conversationIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop() ?? '';
