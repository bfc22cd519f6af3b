import { useQuery } from '@tanstack/react-query';
import { useSession } from '@promatch/shared';
import { businessVerificationKeys, getBusinessVerifications } from './business-verification-api';

/** The verification of every business in `ids` (one request for the lot), while signed in. */
export function useBusinessVerifications(ids: readonly string[]) {
  const signedIn = useSession((state) => state.user !== null);
  return useQuery({
    queryKey: businessVerificationKeys.of(ids),
    queryFn: () => getBusinessVerifications(ids),
    enabled: signedIn && ids.length > 0,
    staleTime: 60_000,
  });
}
