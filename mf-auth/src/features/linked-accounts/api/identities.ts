import { getSupabaseClient } from '@promatch/shared';
import type { UserIdentity } from '@supabase/supabase-js';

/** The ways into the signed-in account (e-mail and password, each linked provider). */
export async function listIdentities(): Promise<UserIdentity[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client.auth.getUserIdentities();
  if (error) throw error;
  return data.identities;
}

/** Removes one; the server refuses the last. The session is refreshed so its claims follow. */
export async function unlinkIdentity(identity: UserIdentity): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client.auth.unlinkIdentity(identity);
  if (error) throw error;
  await client.auth.refreshSession();
}
