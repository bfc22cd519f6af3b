import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useMutation } from '@tanstack/react-query';
import type { ProjectDraft } from '../utils/project-draft';

/** Saves the request as a draft project of the signed-in business; returns its id. */
async function saveAsProject(draft: ProjectDraft): Promise<string> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.from('projects').insert(draft).select('id').single();
  if (error) throw toAppError(error);
  return data.id;
}

export const useSaveAsProject = () => useMutation({ mutationFn: saveAsProject });
