/**
 * Query keys of the signed-in user's storage usage, read by the files tab's usage bar and the plans
 * page and refreshed by every file write: never write one inline.
 */
export const storageUsageKeys = {
  all: ['storage-usage'] as const,
  detail: (userId: string) => [...storageUsageKeys.all, userId] as const,
};
