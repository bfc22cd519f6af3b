/** Query keys of the settings tab: never write one inline. */
export const settingsKeys = {
  company: (companyId: string) => ['settings', 'company', companyId] as const,
};
