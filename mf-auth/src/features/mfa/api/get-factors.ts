import { getSupabaseClient } from '@promatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mfaKeys } from './keys';

export interface FactorSummary {
  id: string;
  friendly_name?: string;
  factor_type: string;
  status: string;
  /** A phone factor's number (E.164). */
  phone?: string;
  created_at: string;
  /** Passkeys only: when it last passed a sign-in. */
  last_used_at?: string;
}

/** Every factor of the signed-in user, verified or still waiting for its first code. */
export async function getFactors(): Promise<FactorSummary[]> {
  const client = await getSupabaseClient();
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  return data.all;
}

export const factorsOptions = () =>
  queryOptions({ queryKey: mfaKeys.factors(), queryFn: getFactors });

export const useFactors = () => useQuery(factorsOptions());
