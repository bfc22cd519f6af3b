import { getSupabaseClient, toAppError } from '@promatch/shared';

/** verified, pending (waiting for staff), rejected, or missing (no company named). */
export type BusinessVerificationStatus = 'verified' | 'pending' | 'rejected' | 'missing';

/** What any signed-in user may know of a business's company (business_verifications). */
export interface BusinessVerification {
  businessId: string;
  companyName: string | null;
  companyNumber: string | null;
  status: BusinessVerificationStatus;
  verifiedAt: string | null;
}

const STATUSES: readonly BusinessVerificationStatus[] = [
  'verified',
  'pending',
  'rejected',
  'missing',
];
const asStatus = (value: string): BusinessVerificationStatus =>
  STATUSES.find((status) => status === value) ?? 'missing';

/** The database answers at most 200 businesses per call. */
export const MAX_BUSINESSES_PER_CALL = 200;

/** Each named business's verification; professionals and unknown ids are simply absent. */
export async function getBusinessVerifications(ids: readonly string[]) {
  const unique = [...new Set(ids)].slice(0, MAX_BUSINESSES_PER_CALL);
  if (unique.length === 0) return new Map<string, BusinessVerification>();
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.rpc('business_verifications', { p_business_ids: unique });
  if (error) throw toAppError(error);
  return new Map(
    (data ?? []).map((row) => [
      row.business_id,
      {
        businessId: row.business_id,
        companyName: row.company_name,
        companyNumber: row.company_number,
        status: asStatus(row.verification_status),
        verifiedAt: row.verified_at,
      },
    ]),
  );
}

export const businessVerificationKeys = {
  all: ['business-verifications'] as const,
  of: (ids: readonly string[]) =>
    [...businessVerificationKeys.all, [...new Set(ids)].sort().join(',')] as const,
};
