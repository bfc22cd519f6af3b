/**
 * Makes an existing account a super admin, so someone can open the management portal and appoint
 * the other staff from its BMS area (only a super admin can). Usage, with the backend running:
 *
 *   npm run grant-super-admin -- someone@example.com
 *
 * Talks to SUPABASE_URL (default http://localhost:54321) with SUPABASE_SERVICE_ROLE_KEY (default
 * the local development key). This is the one staff change made outside the portal, with the
 * service role, so the audit log does not record it; every later change made in the portal is.
 */
import { createRequire } from 'node:module';
import { createClient } from '@supabase/supabase-js';

const require = createRequire(import.meta.url);
const { LOCAL_DEV_SERVICE_ROLE_KEY } = require('@promatch/shared/local-dev-keys');

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run grant-super-admin -- <e-mail of an existing account>');
  process.exit(2);
}
const url = process.env.SUPABASE_URL ?? 'http://localhost:54321';
const key = process.env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_DEV_SERVICE_ROLE_KEY;
const service = createClient(url, key, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: (await import('ws')).default },
});

let user;
for (let page = 1; !user; page++) {
  const { data, error } = await service.auth.admin.listUsers({ page, perPage: 1000 });
  if (error) throw error;
  user = data.users.find((u) => u.email?.toLowerCase() === email);
  if (data.users.length < 1000) break;
}
if (!user) {
  console.error(`No account with the e-mail ${email}: sign up first, then run this again.`);
  process.exit(1);
}
const { error } = await service
  .from('admin_users')
  .upsert({ user_id: user.id, role: 'super_admin', is_active: true }, { onConflict: 'user_id' });
if (error) throw error;
console.log(`${email} is now a super admin: open /management (sign out and in again if open).`);
