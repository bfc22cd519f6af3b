export const planKeys = {
  all: ['subscription-plans'] as const,
  active: () => [...planKeys.all, 'active'] as const,
};
