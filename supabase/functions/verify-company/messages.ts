import type { CompaniesHouseFailure } from '../_shared/companies-house.ts';

/** What the register form shows when the lookup cannot answer; never the API's own text. */
export const FALLBACK_MESSAGES: Record<CompaniesHouseFailure, string> = {
  not_configured: 'Company lookup is not available right now. Please use manual entry below.',
  unauthorized: 'Companies House is unavailable. Please use manual entry below.',
  rate_limited: 'Companies House is busy right now. Please use manual entry below.',
  timeout: 'Companies House did not answer in time. Please use manual entry below.',
  unavailable: 'Companies House is unavailable. Please use manual entry below.',
};

export const NOT_FOUND_MESSAGE = 'No company with that number is on the Companies House register.';
export const notActiveMessage = (status: string) =>
  `This company is ${status} on the Companies House register; only active companies can register.`;
