import { getSupabaseClient, toAppError } from '@promatch/shared';
import { isValidCompanyNumber, type CompanyVerifyResponse } from '@promatch/shared/validation';

export type VerifyOutcome =
  | { kind: 'verified'; companyName: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'unavailable' };

/**
 * Asks Companies House, through the verify-company function, about the signed-in business's
 * company number. A confirmed company becomes the account's own record, verified (the function
 * stores it); the account may then publish projects, write first and request calls.
 */
export async function verifyMyCompany(companyNumber: string): Promise<VerifyOutcome> {
  if (!isValidCompanyNumber(companyNumber)) {
    return {
      kind: 'not-found',
      message: 'Please enter a valid UK company number (e.g., 12345678 or SC123456).',
    };
  }
  const client = await getSupabaseClient();
  const { data, error } = await client.functions.invoke<CompanyVerifyResponse>('verify-company', {
    body: { action: 'verify', company_number: companyNumber },
  });
  if (error || data === null) throw toAppError(error ?? 'verify-company answered nothing');
  if (data.fallback) return { kind: 'unavailable' };
  if (!data.success || !data.company) {
    return { kind: 'not-found', message: data.error ?? 'Company could not be verified.' };
  }
  return { kind: 'verified', companyName: data.company.company_name };
}
