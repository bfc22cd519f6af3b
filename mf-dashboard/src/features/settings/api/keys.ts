/** Query keys of the settings tab: never write one inline. */
export const settingsKeys = {
  company: (companyId: string) => ['settings', 'company', companyId] as const,
  pushDevices: ['settings', 'push-devices'] as const,
  thisBrowserPush: ['settings', 'push-devices', 'this-browser'] as const,
};
