import { getSessionStore, getSupabaseClient, type PresenceStatus } from '@promatch/shared';

/**
 * RPC update_user_presence; resolves once the server has the status, rejects with its error.
 * A module of its own: logout (part of the first render) needs it, the rest of presence loads
 * later.
 */
export async function updatePresence(userId: string, status: PresenceStatus): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client.rpc('update_user_presence', {
    p_user_id: userId,
    p_status: status,
  });
  if (error) throw error;
}

/**
 * Presence must go offline while the token is still valid: after sign-out the RPC would be
 * refused and the user's contacts would see them online until the stale timeout.
 */
export async function setPresenceOfflineBeforeLogout(): Promise<void> {
  const userId = getSessionStore().getState().user?.id;
  if (!userId) return;
  await updatePresence(userId, 'offline');
}
