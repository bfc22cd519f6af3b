/** Query keys of the signed-in business's company verification: never write one inline. */
export const companyVerificationKeys = {
  all: ['company-verification'] as const,
  mine: (userId: string | null) => [...companyVerificationKeys.all, userId] as const,
};
