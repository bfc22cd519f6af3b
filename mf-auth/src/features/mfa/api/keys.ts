/** Query keys for multi-factor authentication; never written inline. */
export const mfaKeys = {
  all: ['mfa'] as const,
  factors: () => [...mfaKeys.all, 'factors'] as const,
};
