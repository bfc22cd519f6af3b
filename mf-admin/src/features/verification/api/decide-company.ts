import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminRpc } from '../../../lib/admin-api';
import { keysChangedByCompany } from './company-changed';
import type { QueuedCompany } from './get-company-queue';

export interface CompanyDecision {
  company: QueuedCompany;
  approve: boolean;
  reason: string;
}

/** Approves or rejects a company; the business reads the reason on its dashboard and by e-mail. */
export async function decideCompany({ company, approve, reason }: CompanyDecision): Promise<void> {
  await callAdminRpc<null>('admin_decide_company', {
    p_company: company.id,
    p_approve: approve,
    p_reason: reason,
  });
}

export function useDecideCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCompany,
    // A decision is sent once, as staff made it: the query client would retry a mutation.
    retry: false,
    onSuccess: (_, { company }) =>
      Promise.all(
        keysChangedByCompany(company).map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
