/** Query keys of the warnings moderators sent the signed-in user: never write one inline. */
export const moderationWarningKeys = {
  all: ['moderation-warnings'] as const,
  mine: (userId: string | null) => [...moderationWarningKeys.all, userId] as const,
};
