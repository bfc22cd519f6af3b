import { getSupabaseClient, toAppError, type Tables } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { settingsKeys } from './keys';

export type Company = Pick<
  Tables<'companies'>,
  | 'company_number'
  | 'company_name'
  | 'company_status'
  | 'company_type'
  | 'date_of_creation'
  | 'registered_office_address'
  | 'verification_source'
  | 'verified_at'
  | 'verification_status'
>;

/** The company linked to the business's profile (row security: only their own). */
export async function getCompany(companyId: string): Promise<Company | null> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('companies')
    .select(
      'company_number,company_name,company_status,company_type,date_of_creation,registered_office_address,verification_source,verified_at,verification_status',
    )
    .eq('id', companyId)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data as Company | null;
}

export const useCompany = (companyId: string | null) =>
  useQuery({
    queryKey: settingsKeys.company(companyId ?? ''),
    queryFn: () => getCompany(companyId!),
    enabled: companyId !== null,
  });
