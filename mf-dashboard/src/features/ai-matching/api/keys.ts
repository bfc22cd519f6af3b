import type { MatchArgs } from '@promatch/shared/matching';

/** Query keys of the matching domain: never write one inline. */
export const matchingKeys = {
  all: ['matching'] as const,
  matches: (args: MatchArgs) => [...matchingKeys.all, 'matches', args] as const,
};
