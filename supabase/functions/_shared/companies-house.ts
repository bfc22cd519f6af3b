import { normaliseCompanyNumber, type CompanyRecord } from '@promatch/shared/company';
import { env } from './env.ts';

/*
 * The Companies House Public Data API, server-side only: HTTP Basic with the key as user name and
 * an empty password. COMPANIES_HOUSE_API_URL points it at the sandbox or at the tests' stand-in.
 */
const DEFAULT_BASE_URL = 'https://api.company-information.service.gov.uk';
const DEFAULT_TIMEOUT_MS = 5000;
/** When the API says 429 without a reset time, stay away this long (600 requests / 5 minutes). */
const DEFAULT_RATE_LIMIT_PAUSE_MS = 60_000;

export type CompaniesHouseFailure =
  'not_configured' | 'unauthorized' | 'rate_limited' | 'timeout' | 'unavailable';

export class CompaniesHouseError extends Error {
  constructor(
    readonly failure: CompaniesHouseFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CompaniesHouseError';
  }
}

interface ApiAddress {
  premises?: string;
  address_line_1?: string;
  address_line_2?: string;
  locality?: string;
  region?: string;
  postal_code?: string;
  country?: string;
}

export interface ApiSearchItem {
  company_number: string;
  title: string;
  company_status?: string;
  company_type?: string;
  date_of_creation?: string;
  address?: ApiAddress;
  address_snippet?: string;
}

export interface ApiCompanyProfile {
  company_name: string;
  company_number: string;
  company_status?: string;
  type?: string;
  date_of_creation?: string;
  registered_office_address?: ApiAddress;
}

let pausedUntil = 0;

/** For tests: forget a rate-limit pause. */
export function resetCompaniesHousePause(): void {
  pausedUntil = 0;
}

function config() {
  const key = env('COMPANIES_HOUSE_API_KEY');
  if (!key)
    throw new CompaniesHouseError('not_configured', 'Companies House lookup is not configured');
  return {
    key,
    baseUrl: (env('COMPANIES_HOUSE_API_URL') || DEFAULT_BASE_URL).replace(/\/$/, ''),
    timeoutMs: Number(env('COMPANIES_HOUSE_TIMEOUT_MS')) || DEFAULT_TIMEOUT_MS,
  };
}

function rateLimitPause(response: Response): number {
  // X-Ratelimit-Reset is a Unix time in seconds; Retry-After is rarely sent.
  const reset = Number(response.headers.get('x-ratelimit-reset'));
  if (reset > 0) return Math.max(reset * 1000 - Date.now(), 1000);
  const retryAfter = Number(response.headers.get('retry-after'));
  return retryAfter > 0 ? retryAfter * 1000 : DEFAULT_RATE_LIMIT_PAUSE_MS;
}

/** GET a path; null for 404, a CompaniesHouseError for every other failure. */
async function getJson<T>(path: string): Promise<T | null> {
  const { key, baseUrl, timeoutMs } = config();
  if (Date.now() < pausedUntil) throw new CompaniesHouseError('rate_limited', 'Rate limited');
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      headers: { Authorization: `Basic ${btoa(`${key}:`)}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new CompaniesHouseError(timedOut ? 'timeout' : 'unavailable', String(error));
  }
  if (response.status === 404) return null;
  if (response.status === 401) throw new CompaniesHouseError('unauthorized', 'API key refused');
  if (response.status === 429) {
    pausedUntil = Date.now() + rateLimitPause(response);
    throw new CompaniesHouseError('rate_limited', 'Rate limited');
  }
  if (!response.ok) throw new CompaniesHouseError('unavailable', `HTTP ${response.status}`);
  return (await response.json()) as T;
}

function addressLine(address: ApiAddress | undefined): string | undefined {
  if (!address) return undefined;
  const parts = [
    address.premises,
    address.address_line_1,
    address.address_line_2,
    address.locality,
    address.postal_code,
  ];
  return parts.filter(Boolean).join(', ') || undefined;
}

function toAddress(address: ApiAddress | undefined): CompanyRecord['registered_office_address'] {
  if (!address) return undefined;
  const { premises, address_line_1, address_line_2, locality, postal_code, country } = address;
  return { premises, address_line_1, address_line_2, locality, postal_code, country };
}

export function recordFromSearchItem(item: ApiSearchItem): CompanyRecord {
  return {
    company_number: item.company_number,
    company_name: item.title,
    title: item.title,
    company_status: item.company_status ?? 'unknown',
    company_type: item.company_type ?? 'unknown',
    date_of_creation: item.date_of_creation,
    registered_office_address: toAddress(item.address),
    address: item.address_snippet ?? addressLine(item.address),
  };
}

export function recordFromProfile(profile: ApiCompanyProfile): CompanyRecord {
  return {
    company_number: profile.company_number,
    company_name: profile.company_name,
    title: profile.company_name,
    company_status: profile.company_status ?? 'unknown',
    company_type: profile.type ?? 'unknown',
    date_of_creation: profile.date_of_creation,
    registered_office_address: toAddress(profile.registered_office_address),
    address: addressLine(profile.registered_office_address),
  };
}

/** GET /search/companies: the first 20 matches, active ones only. */
export async function searchRegister(query: string): Promise<CompanyRecord[]> {
  const params = new URLSearchParams({ q: query, items_per_page: '20', start_index: '0' });
  const body = await getJson<{ items?: ApiSearchItem[] }>(`/search/companies?${params}`);
  return (body?.items ?? [])
    .map(recordFromSearchItem)
    .filter((company) => company.company_status === 'active');
}

/** GET /company/{number} with the number normalised first (the API answers 500 otherwise). */
export async function fetchCompany(rawNumber: string): Promise<CompanyRecord | null> {
  const number = normaliseCompanyNumber(rawNumber);
  if (!number) return null;
  const profile = await getJson<ApiCompanyProfile>(`/company/${encodeURIComponent(number)}`);
  return profile ? recordFromProfile(profile) : null;
}
