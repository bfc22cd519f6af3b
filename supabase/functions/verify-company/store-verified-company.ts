import type { CompanyRecord } from '@promatch/shared/company';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

/**
 * Keeps the register's answer in `companies` as verified (service role; users cannot write the
 * table). The sign-up trigger links the business profile to this row by company number, so a
 * company chosen through the lookup arrives verified and one typed in by hand does not.
 */
export async function storeVerifiedCompany(company: CompanyRecord): Promise<void> {
  const { error } = await supabaseAdmin()
    .from('companies')
    .upsert(
      {
        company_number: company.company_number,
        company_name: company.company_name,
        company_status: company.company_status,
        company_type: company.company_type,
        date_of_creation: company.date_of_creation ?? null,
        registered_office_address: company.registered_office_address ?? {},
        verification_source: 'companies_house',
        verified_at: new Date().toISOString(),
      },
      { onConflict: 'company_number' },
    );
  // The verification itself succeeded; a failed write is logged, not shown to the visitor.
  if (error) console.error('[verify-company] store failed:', error.code, error.message);
}
