import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { verificationKeys } from '../../../lib/query-keys';

export type CompanyStatus = 'pending' | 'rejected' | 'verified';

export interface QueuedCompany {
  id: string;
  company_number: string;
  company_name: string;
  company_status: string;
  company_type: string;
  verification_status: CompanyStatus;
  verification_note: string | null;
  created_at: string;
  reviewed_at: string | null;
  businesses: { id: string; name: string; email: string }[];
}

export function getCompanyQueue(status: CompanyStatus): Promise<QueuedCompany[]> {
  return callAdminRpc<QueuedCompany[]>('admin_verification_queue', { p_status: status });
}

export const companyQueueQueryOptions = (status: CompanyStatus) =>
  queryOptions({
    queryKey: verificationKeys.companyQueue(status),
    queryFn: () => getCompanyQueue(status),
  });

export function useCompanyQueue(status: CompanyStatus) {
  return useQuery(companyQueueQueryOptions(status));
}
