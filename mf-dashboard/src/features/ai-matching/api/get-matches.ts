import { getSupabaseClient, toAppError } from '@promatch/shared';
import type { MatchArgs } from '@promatch/shared/matching';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { matchingKeys } from './keys';
import type { MatchResult } from './types';

export async function getMatches(args: MatchArgs): Promise<MatchResult> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('match_professionals', args);
  if (error) throw toAppError(error);
  return data as unknown as MatchResult;
}

export const matchesQueryOptions = (args: MatchArgs | undefined) =>
  queryOptions({
    queryKey: matchingKeys.matches(args as MatchArgs),
    queryFn: () => getMatches(args as MatchArgs),
    enabled: args !== undefined,
    // the last ranking stays on screen while the next one loads, so the list does not flicker
    placeholderData: keepPreviousData,
  });

/** Ranked matches for the request; nothing is fetched until there is something to match. */
export const useMatches = (args: MatchArgs | undefined) => useQuery(matchesQueryOptions(args));
