/** Query keys of the testing portal's probes (never cached: each visit measures afresh). */
export const testingPortalKeys = {
  all: ['testing-portal'] as const,
  apps: () => [...testingPortalKeys.all, 'apps'] as const,
  backend: () => [...testingPortalKeys.all, 'backend'] as const,
};
