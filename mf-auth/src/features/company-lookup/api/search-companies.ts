import { COMPANY_SEARCH_MIN_LENGTH, type CompanySearchResponse } from '@promatch/shared/validation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeVerifyCompany } from './invoke-verify-company';
import { companyKeys } from './keys';

export async function searchCompanies(query: string): Promise<CompanySearchResponse> {
  const answer = await invokeVerifyCompany<CompanySearchResponse>({ action: 'search', query });
  // Active companies only, whatever the server sent: a dissolved company cannot open an account.
  const companies = (answer.companies ?? []).filter(
    (company) => company.company_status === 'active',
  );
  return { companies, fallback: answer.fallback === true, error: answer.error ?? null };
}

export const companySearchOptions = (query: string) =>
  queryOptions({
    queryKey: companyKeys.search(query),
    queryFn: () => searchCompanies(query),
    enabled: query.length >= COMPANY_SEARCH_MIN_LENGTH,
    // A failed lookup opens manual entry at once rather than retrying behind a spinner.
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

export const useCompanySearch = (query: string) => useQuery(companySearchOptions(query));
