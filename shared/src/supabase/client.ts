import type { SupabaseClient } from '@supabase/supabase-js';
import { loadRuntimeConfig } from '../config/runtime-config';
import type { Database } from '../db/database.types';

export type AppSupabaseClient = SupabaseClient<Database>;

let client: Promise<AppSupabaseClient> | undefined;
const loadListeners = new Set<(client: AppSupabaseClient) => void>();

const BROWSER_OPTIONS = {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
};
/**
 * A remote's server-side renderer (decision 0035) asks as the anonymous visitor and must answer
 * quickly: no session to keep, and no waiting seconds between retries when the backend is down
 * (the page then renders in the browser, which retries).
 */
const SERVER_RENDERER_OPTIONS = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  db: { retry: false },
};

/**
 * The one Supabase client of the page. supabase-js is imported on first use rather than at start,
 * so it is not part of the JavaScript fetched before the first render.
 */
export function getSupabaseClient(): Promise<AppSupabaseClient> {
  client ??= Promise.all([loadRuntimeConfig(), import('@supabase/supabase-js')])
    .then(([config, { createClient }]) =>
      createClient<Database>(
        config.supabaseUrl,
        config.supabaseAnonKey,
        typeof window === 'undefined' ? SERVER_RENDERER_OPTIONS : BROWSER_OPTIONS,
      ),
    )
    .catch((error: unknown) => {
      client = undefined;
      throw error;
    });
  if (loadListeners.size > 0) {
    // Registered before the caller's own continuation, so a listener subscribing to auth events
    // does so before the caller can sign in.
    void client.then(
      (loaded) => {
        const listeners = [...loadListeners];
        loadListeners.clear();
        for (const listener of listeners) listener(loaded);
      },
      () => undefined,
    );
  }
  return client;
}

/**
 * Calls `listener` once the client exists, without loading supabase-js itself: for what needs the
 * client only if something else on the page needs it (a signed-out visitor's session sync, which
 * starts when a sign-in form loads the client). Returns a function that cancels it.
 */
export function whenSupabaseClientLoads(listener: (client: AppSupabaseClient) => void): () => void {
  if (client) {
    let active = true;
    void client.then(
      (loaded) => active && listener(loaded),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}
