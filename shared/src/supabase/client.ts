import type { SupabaseClient } from '@supabase/supabase-js';
import { loadRuntimeConfig } from '../config/runtime-config';
import type { Database } from '../db/database.types';

export type AppSupabaseClient = SupabaseClient<Database>;

let client: Promise<AppSupabaseClient> | undefined;

/**
 * The one Supabase client of the page. supabase-js is imported on first use rather than at start,
 * so it is not part of the JavaScript fetched before the first render.
 */
export function getSupabaseClient(): Promise<AppSupabaseClient> {
  client ??= Promise.all([loadRuntimeConfig(), import('@supabase/supabase-js')])
    .then(([config, { createClient }]) =>
      createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
      }),
    )
    .catch((error: unknown) => {
      client = undefined;
      throw error;
    });
  return client;
}
