import type { SupabaseClient } from '@supabase/supabase-js';
import { loadRuntimeConfig } from '../config/runtime-config';
import type { Database } from '../db/database.types';

export type AppSupabaseClient = SupabaseClient<Database>;

let client: Promise<AppSupabaseClient> | undefined;

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
  return client;
}
