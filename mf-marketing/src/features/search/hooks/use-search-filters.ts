import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SearchFilters } from '../../../lib/professionals/types';
import { parseFilters, serializeFilters } from './search-params';

/**
 * The filters live in the URL, not in component state: a result page can be shared, and the
 * back button returns to the previous filters. Changing a filter goes back to page 1.
 */
export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const update = useCallback(
    (patch: Partial<SearchFilters>) => {
      const next = { ...filters, page: 1, ...patch };
      setParams(serializeFilters(next));
    },
    [filters, setParams],
  );
  return { filters, update };
}
