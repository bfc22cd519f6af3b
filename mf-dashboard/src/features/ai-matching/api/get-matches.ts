import { getSupabaseClient, toAppError } from '@promatch/shared';
import type { MatchArgs } from '@promatch/shared/matching';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { matchingKeys } from './keys';
import type { MatchResult } from './types';

/**
 * Ranked matches from the match-professionals function: it ranks with match_professionals and,
 * when the server has an embeddings endpoint configured, embeds `text` there (never here) so the
 * ranking also weighs semantic similarity.
 */
export async function getMatches(args: MatchArgs, text: string): Promise<MatchResult> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.functions.invoke('match-professionals', {
    body: { args, text },
  });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => ({}))) as {
        error?: string;
      };
      throw toAppError(body.error ?? error.message);
    }
    throw toAppError(error);
  }
  return data as MatchResult;
}

export const matchesQueryOptions = (args: MatchArgs | undefined, text: string) =>
  queryOptions({
    queryKey: matchingKeys.matches(args as MatchArgs, text),
    queryFn: () => getMatches(args as MatchArgs, text),
    enabled: args !== undefined,
    // the last ranking stays on screen while the next one loads, so the list does not flicker
    placeholderData: keepPreviousData,
  });

/** Ranked matches for the request; nothing is fetched until there is something to match. */
export const useMatches = (args: MatchArgs | undefined, text: string) =>
  useQuery(matchesQueryOptions(args, text));
