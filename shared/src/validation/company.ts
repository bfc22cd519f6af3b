import { z } from './zod';

/*
 * Company lookup rules (search length and debounce, company number format, request and answer
 * shapes) shared by the register form and the verify-company function. This file imports zod only,
 * so the Deno function can import it.
 */
export const COMPANY_MESSAGES = {
  manualMissing: 'Please fill in at least company name and number.',
  numberInvalid: 'Please enter a valid UK company number (e.g., 12345678 or SC123456).',
  searchTooShort: 'Enter at least 3 characters to search for companies.',
} as const;

export const COMPANY_SEARCH_MIN_LENGTH = 3;
export const COMPANY_SEARCH_DEBOUNCE_MS = 500;

/** UK company numbers: optional two-letter prefix (SC, NI…) then 6 to 8 digits, spaces ignored. */
const COMPANY_NUMBER_PATTERN = /^([A-Z]{2})?\d{6,8}$/;

export function isValidCompanyNumber(raw: string): boolean {
  return COMPANY_NUMBER_PATTERN.test(raw.replace(/\s/g, '').toUpperCase());
}

/**
 * Companies House numbers are always 8 characters: upper-case, no spaces, all-digit numbers
 * left-padded with zeros, prefixed numbers padded after the prefix. Null when it cannot be one.
 */
export function normaliseCompanyNumber(raw: string): string | null {
  const compact = raw.replace(/\s/g, '').toUpperCase();
  if (/^\d{1,8}$/.test(compact)) return compact.padStart(8, '0');
  const prefixed = /^([A-Z]{2})(\d{1,6})$/.exec(compact);
  if (prefixed) return `${prefixed[1]}${prefixed[2].padStart(6, '0')}`;
  // Some numbers end in letters (e.g. IP00001R); accept any other 8 alphanumerics as they are.
  return /^[A-Z0-9]{8}$/.test(compact) ? compact : null;
}

export const companyNumberField = z
  .string()
  .trim()
  .min(1, COMPANY_MESSAGES.manualMissing)
  .refine(isValidCompanyNumber, COMPANY_MESSAGES.numberInvalid);

export const manualCompanySchema = z.object({
  company_name: z.string().trim().min(1, COMPANY_MESSAGES.manualMissing).max(300),
  company_number: companyNumberField,
});
export type ManualCompanyInput = z.infer<typeof manualCompanySchema>;

/** The verify-company body: `{action:'search', query}` or `{action:'verify', company_number}`. */
export const verifyCompanyRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('search'),
    query: z
      .string()
      .trim()
      .min(COMPANY_SEARCH_MIN_LENGTH, COMPANY_MESSAGES.searchTooShort)
      .max(160),
  }),
  z.object({
    action: z.literal('verify'),
    company_number: z
      .string()
      .trim()
      .refine((value) => normaliseCompanyNumber(value) !== null, COMPANY_MESSAGES.numberInvalid),
  }),
]);
export type VerifyCompanyRequest = z.infer<typeof verifyCompanyRequestSchema>;

export const companyAddressSchema = z.object({
  premises: z.string().optional(),
  address_line_1: z.string().optional(),
  address_line_2: z.string().optional(),
  locality: z.string().optional(),
  postal_code: z.string().optional(),
  country: z.string().optional(),
});

/** A company record in Companies House's fields, as the function answers and sign-up carries it. */
export const companyRecordSchema = z.object({
  company_number: z.string(),
  company_name: z.string(),
  title: z.string().optional(),
  company_status: z.string(),
  company_type: z.string(),
  date_of_creation: z.string().optional(),
  registered_office_address: companyAddressSchema.optional(),
  address: z.string().optional(),
});
export type CompanyRecord = z.infer<typeof companyRecordSchema>;

/** A company chosen on the register form: verified through the register, or entered by hand. */
export interface SelectedCompany {
  record: CompanyRecord;
  verified: boolean;
  /** The single-use ticket verify-company gave a visitor; sign-up carries it to claim the verification. */
  verificationTicket?: string | null;
}

/** The verify-company answers; `fallback: true` tells the form to offer manual entry. */
export interface CompanySearchResponse {
  companies: CompanyRecord[];
  fallback: boolean;
  error: string | null;
}
export interface CompanyVerifyResponse {
  success: boolean;
  company: CompanyRecord | null;
  /** For a visitor: the ticket their sign-up claims (null when signed in: stored for the account). */
  verification_ticket?: string | null;
  fallback: boolean;
  error: string | null;
}
