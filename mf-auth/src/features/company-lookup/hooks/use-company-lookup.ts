import { useDebouncedValue } from '@promatch/shared';
import {
  COMPANY_SEARCH_DEBOUNCE_MS,
  type CompanyRecord,
  type SelectedCompany,
} from '@promatch/shared/validation';
import { useEffect, useState } from 'react';
import { useCompanySearch } from '../api/search-companies';
import { useVerifyCompany } from '../api/verify-company';
import { lookupToasts } from '../utils/lookup-toasts';

/**
 * Search (debounced, 3+ characters), verify on choice, and the manual-entry fallback that any
 * lookup failure turns on, so a Companies House outage never blocks a business sign-up.
 */
export function useCompanyLookup(onSelect: (company: SelectedCompany | null) => void) {
  const [query, setQuery] = useState('');
  const [manualOpen, setManualOpen] = useState(false);
  const settledQuery = useDebouncedValue(query.trim(), COMPANY_SEARCH_DEBOUNCE_MS);
  const search = useCompanySearch(settledQuery);
  const verify = useVerifyCompany();

  const answer = search.data;
  const failed = search.isError || answer?.fallback === true;
  const noResults = answer !== undefined && !answer.fallback && answer.companies.length === 0;

  useEffect(() => {
    if (search.isError) lookupToasts.searchError();
    else if (answer?.fallback) lookupToasts.searchFallback(answer.error);
  }, [search.isError, answer]);

  useEffect(() => {
    if (failed || noResults) setManualOpen(true);
  }, [failed, noResults]);

  const choose = (company: CompanyRecord) => {
    verify.mutate(company.company_number, {
      onSuccess: (result) => {
        if (result.success && result.company) {
          lookupToasts.verified(result.company.company_name);
          onSelect({
            record: result.company,
            verified: true,
            verificationTicket: result.verification_ticket ?? null,
          });
        } else if (result.fallback) {
          lookupToasts.verifyFallback();
          setManualOpen(true);
        } else {
          lookupToasts.verifyFailed(result.error);
          setManualOpen(true);
        }
      },
      onError: () => {
        lookupToasts.verifyError();
        setManualOpen(true);
      },
    });
  };

  return {
    query,
    setQuery,
    settledQuery,
    results: failed ? [] : (answer?.companies ?? []),
    isSearching: search.isFetching,
    noResults,
    isVerifying: verify.isPending,
    choose,
    manualOpen,
    toggleManual: () => setManualOpen((open) => !open),
  };
}
