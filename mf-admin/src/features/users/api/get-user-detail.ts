import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { userKeys } from '../../../lib/query-keys';

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

/** One user with company, plan, usage, recent activity and the admin actions on them. */
export function getUserDetail(id: string): Promise<UserDetail> {
  return callAdminRpc<UserDetail>('admin_user_detail', { p_user: id });
}

export const userDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => getUserDetail(id) });

export function useUserDetail(id: string) {
  return useQuery(userDetailQueryOptions(id));
}
