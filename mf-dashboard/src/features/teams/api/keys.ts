/** Query keys of the teams page: never write one inline. */
export const teamKeys = {
  all: (userId: string) => ['teams', userId] as const,
  list: (userId: string) => ['teams', userId, 'list'] as const,
  invitations: (userId: string, teamId: string) =>
    ['teams', userId, 'invitations', teamId] as const,
  invitation: (token: string) => ['team-invitation', token] as const,
  shareable: (userId: string) => ['teams', userId, 'shareable'] as const,
};
