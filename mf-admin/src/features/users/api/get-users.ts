import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { userKeys } from '../../../lib/query-keys';

export interface UserFilters {
  query: string;
  accountType: '' | 'professional' | 'business';
  plan: '' | 'free' | 'pro';
  verified: '' | 'yes' | 'no';
  status: '' | 'active' | 'suspended';
  page: number;
}

export interface UserRow {
  id: string;
  name: string;
  email: string;
  account_type: 'professional' | 'business';
  company: string | null;
  verified: boolean;
  plan_type: string;
  status: 'active' | 'suspended';
  created_at: string;
  last_sign_in_at: string | null;
}

export interface UserPage {
  total: number;
  page: number;
  page_size: number;
  items: UserRow[];
}

/** One page (25) of users matching the filters, newest first. */
export function getUsers(filters: UserFilters): Promise<UserPage> {
  return callAdminRpc<UserPage>('admin_list_users', {
    p_query: filters.query || undefined,
    p_account_type: filters.accountType || undefined,
    p_plan: filters.plan || undefined,
    p_verified: filters.verified === '' ? undefined : filters.verified === 'yes',
    p_status: filters.status || undefined,
    p_page: filters.page,
    p_page_size: 25,
  });
}

export const usersQueryOptions = (filters: UserFilters) =>
  queryOptions({ queryKey: userKeys.list(filters), queryFn: () => getUsers(filters) });

export function useUsers(filters: UserFilters) {
  return useQuery(usersQueryOptions(filters));
}
