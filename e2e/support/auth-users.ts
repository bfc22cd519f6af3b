import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

const BACKEND_URL = 'http://localhost:54321';
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** A service-role client for seeding and checking rows (supabase-js on Node 20 needs ws). */
export const authServiceClient = () =>
  createClient(BACKEND_URL, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

/** A unique address per test, so no test depends on another's rows. */
export const uniqueEmail = (label: string) =>
  `auth-${label}-${randomUUID().slice(0, 8)}@example.co.uk`;

export const STRONG_PASSWORD = 'Promatch1Secret';

/** A confirmed (or unconfirmed) professional made through the admin API. */
export async function seedUser(options: { confirmed?: boolean; email?: string } = {}) {
  const email = options.email ?? uniqueEmail('seed');
  const { data, error } = await authServiceClient().auth.admin.createUser({
    email,
    password: STRONG_PASSWORD,
    email_confirm: options.confirmed ?? true,
    user_metadata: { name: 'Seeded Person', account_type: 'professional' },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { id: data.user.id, email, password: STRONG_PASSWORD };
}
