import type { User } from '@supabase/supabase-js';
import type { CompanyRecord } from '@promatch/shared/company';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

/**
 * A visitor's verification is not stored as a verified company: it becomes a ticket that one
 * sign-up naming the same number may claim within the hour (the sign-up trigger). Returns the
 * ticket id, or null when it could not be written (the visitor then signs up unverified).
 */
export async function issueVerificationTicket(company: CompanyRecord): Promise<string | null> {
  const { data, error } = await supabaseAdmin()
    .from('company_verification_tickets')
    .insert({ company_number: company.company_number, register: company })
    .select('id')
    .single();
  if (error) {
    console.error('[verify-company] ticket failed:', error.code, error.message);
    return null;
  }
  return (data as { id: string }).id;
}

/**
 * A signed-in business verifying its company: the register's answer becomes that account's own
 * record, verified, and its profile's company (record_company_for_account). Nobody else's record
 * changes.
 */
export async function storeVerifiedCompanyFor(user: User, company: CompanyRecord): Promise<void> {
  const { error } = await supabaseAdmin().rpc('record_company_for_account', {
    p_owner: user.id,
    p_company: company,
    p_verified: true,
  });
  // The verification itself succeeded; a failed write is logged, not shown to the user.
  if (error) console.error('[verify-company] store failed:', error.code, error.message);
}
