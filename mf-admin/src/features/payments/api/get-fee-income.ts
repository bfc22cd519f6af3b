import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { paymentKeys } from '../../../lib/query-keys';

/** The platform's fee income as admin_platform_fee_income answers it (pence). */
export interface FeeIncome {
  this_month_pence: number;
  all_time_pence: number;
  month_start: string;
}

export function getFeeIncome(): Promise<FeeIncome> {
  return callAdminRpc<FeeIncome>('admin_platform_fee_income', {});
}

export const feeIncomeQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.feeIncome(), queryFn: getFeeIncome });

export function useFeeIncome() {
  return useQuery(feeIncomeQueryOptions());
}
