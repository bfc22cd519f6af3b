/** Query keys for subscription plans; never written inline. */
export const planKeys = {
  all: ['subscription-plans'] as const,
  active: () => [...planKeys.all, 'active'] as const,
};
