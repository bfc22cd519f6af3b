import type { MatchArgs } from '@promatch/shared/matching';

/** Query keys of the matching domain: never write one inline. */
export const matchingKeys = {
  all: ['matching'] as const,
  matches: (args: MatchArgs, text: string) => [...matchingKeys.all, 'matches', args, text] as const,
};
