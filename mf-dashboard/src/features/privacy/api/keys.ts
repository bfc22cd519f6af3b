/** Query keys of the privacy domain: never write one inline. */
export const privacyKeys = {
  all: ['privacy'] as const,
  latestExport: (userId: string) => [...privacyKeys.all, 'latest-export', userId] as const,
  exportLink: (path: string) => [...privacyKeys.all, 'export-link', path] as const,
};
