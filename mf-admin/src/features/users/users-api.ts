import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminRpc } from '../../lib/admin-api';

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

export interface UserDetail {
  profile: {
    id: string;
    name: string;
    account_type: 'professional' | 'business';
    title: string | null;
    company: string | null;
    location: string | null;
    verified: boolean;
    suspended_at: string | null;
    created_at: string;
  };
  email: string;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  signed_up_at: string;
  mfa_factors: number;
  company: {
    company_name: string;
    company_number: string;
    verification_status: string;
  } | null;
  plan: { plan_type: string; plan_name: string; commission_rate: number } | null;
  usage: { metric_name: string; current_usage: number; period: string }[];
  activity: {
    event_type: string;
    event_action: string | null;
    page_path: string | null;
    timestamp: string;
  }[];
  admin_actions: { action: string; reason: string | null; occurred_at: string }[];
}

export const usersKeys = {
  list: (filters: UserFilters) => ['admin', 'users', filters] as const,
  detail: (id: string) => ['admin', 'user', id] as const,
};

export function useUserList(filters: UserFilters) {
  return useQuery({
    queryKey: usersKeys.list(filters),
    queryFn: () =>
      callAdminRpc<UserPage>('admin_list_users', {
        p_query: filters.query || undefined,
        p_account_type: filters.accountType || undefined,
        p_plan: filters.plan || undefined,
        p_verified: filters.verified === '' ? undefined : filters.verified === 'yes',
        p_status: filters.status || undefined,
        p_page: filters.page,
        p_page_size: 25,
      }),
  });
}

export function useUserDetail(id: string) {
  return useQuery({
    queryKey: usersKeys.detail(id),
    queryFn: () => callAdminRpc<UserDetail>('admin_user_detail', { p_user: id }),
  });
}

export type UserAction =
  | { kind: 'suspend' }
  | { kind: 'reinstate' }
  | { kind: 'reset_mfa' }
  | { kind: 'verified'; verified: boolean };

async function runUserAction(userId: string, action: UserAction, reason: string) {
  switch (action.kind) {
    case 'suspend':
      return callAdminRpc<null>('admin_suspend_user', { p_user: userId, p_reason: reason });
    case 'reinstate':
      return callAdminRpc<null>('admin_reinstate_user', { p_user: userId, p_reason: reason });
    case 'reset_mfa':
      return callAdminRpc<null>('admin_reset_mfa', { p_user: userId, p_reason: reason });
    case 'verified':
      return callAdminRpc<null>('admin_set_verified', {
        p_user: userId,
        p_verified: action.verified,
        p_reason: reason,
      });
  }
}

export function useUserAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: UserAction; reason: string }) =>
      runUserAction(userId, action, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
