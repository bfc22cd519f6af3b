import { getSessionStore, getSupabaseClient, loadRuntimeConfig } from '@promatch/shared';
import { useEffect } from 'react';

/*
 * Profile views and search appearances feed the professional's dashboard figures. Counting is
 * fire and forget: a failure is logged and never disturbs the visitor's page.
 */
const ignore = (what: string) => (error: unknown) => console.warn(`[${what}]`, error);

/** Resolves once the shell's first session check is over: whether the visitor is signed out. */
function isSignedOut(): Promise<boolean> {
  const store = getSessionStore();
  return new Promise((resolve) => {
    const settle = () => {
      const { isLoading, user } = store.getState();
      if (isLoading) return false;
      resolve(user === null);
      return true;
    };
    if (settle()) return;
    const unsubscribe = store.subscribe(() => {
      if (settle()) unsubscribe();
    });
  });
}

/**
 * Calls a counting function. A signed-in visitor's call carries their token through supabase-js
 * (the functions do not count a professional's views of their own profile). A signed-out
 * visitor's is a plain POST with the anon key: supabase-js, the site's largest script, is not
 * loaded on a public page only to count a view (decision 0121).
 */
type Counter =
  | { name: 'record_profile_view'; args: { professional: string } }
  | { name: 'record_search_appearances'; args: { professionals: string[] } };

async function count({ name, args }: Counter): Promise<void> {
  if (await isSignedOut()) {
    const config = await loadRuntimeConfig();
    const response = await fetch(`${config.supabaseUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: config.supabaseAnonKey,
        authorization: `Bearer ${config.supabaseAnonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
    });
    if (!response.ok) throw new Error(`${name} answered ${response.status}`);
    return;
  }
  const supabase = await getSupabaseClient();
  // one call per name, so supabase-js checks each function's arguments
  const { error } =
    name === 'record_profile_view'
      ? await supabase.rpc(name, args)
      : await supabase.rpc(name, args);
  if (error) throw error;
}

export function recordProfileView(professionalId: string): Promise<void> {
  return count({ name: 'record_profile_view', args: { professional: professionalId } });
}

export function recordSearchAppearances(professionalIds: string[]): Promise<void> {
  return count({ name: 'record_search_appearances', args: { professionals: professionalIds } });
}

/** Counts one view when a profile is shown (effects never run in the server renderer). */
export function useRecordProfileView(professionalId: string | undefined) {
  useEffect(() => {
    if (professionalId) recordProfileView(professionalId).catch(ignore('profile view'));
  }, [professionalId]);
}

/** Counts one appearance for each professional on the page of results shown. */
export function useRecordSearchAppearances(professionalIds: string[]) {
  const key = professionalIds.join(',');
  useEffect(() => {
    if (key) recordSearchAppearances(key.split(',')).catch(ignore('search appearances'));
  }, [key]);
}
