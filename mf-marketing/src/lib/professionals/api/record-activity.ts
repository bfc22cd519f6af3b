import { getSupabaseClient } from '@promatch/shared';
import { useEffect } from 'react';

/*
 * Profile views and search appearances feed the professional's dashboard figures. Counting is
 * fire and forget: a failure is logged and never disturbs the visitor's page.
 */
const ignore = (what: string) => (error: unknown) => console.warn(`[${what}]`, error);

export async function recordProfileView(professionalId: string): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.rpc('record_profile_view', { professional: professionalId });
  if (error) throw error;
}

export async function recordSearchAppearances(professionalIds: string[]): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.rpc('record_search_appearances', {
    professionals: professionalIds,
  });
  if (error) throw error;
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
