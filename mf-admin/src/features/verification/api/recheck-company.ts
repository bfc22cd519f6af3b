import { AppError, getSupabaseClient } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keysChangedByCompany } from './company-changed';
import type { QueuedCompany } from './get-company-queue';

export interface RegisterAnswer {
  success: boolean;
  company: { company_name: string; company_status: string } | null;
  fallback: boolean;
  error: string | null;
}

/** Asks Companies House again, through the same verify-company function the sign-up form uses. */
export async function recheckCompany(companyNumber: string): Promise<RegisterAnswer> {
  const client = await getSupabaseClient();
  const { data, error } = await client.functions.invoke<RegisterAnswer>('verify-company', {
    body: { action: 'verify', company_number: companyNumber },
  });
  if (error || !data) {
    throw new AppError(
      'Verification Error: API unavailable. Please use manual entry.',
      undefined,
      undefined,
    );
  }
  return data;
}

/** A verified answer updates the company, as a decision would. */
export function useRecheckCompany(company: QueuedCompany) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recheckCompany(company.company_number),
    onSuccess: () => {
      // Not awaited: the register's answer shows at once, before the queue refetches.
      for (const queryKey of keysChangedByCompany(company)) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
