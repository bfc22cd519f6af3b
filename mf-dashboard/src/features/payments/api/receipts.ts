import {
  getSupabaseClient,
  loadRuntimeConfig,
  toAppError,
  type PlatformDetails,
} from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import type { MilestoneStatus } from './payments';

/**
 * A paid milestone's document as `milestone_receipt` answers it: a receipt for the business
 * (what it paid, the provider's payment id, any refund) or a statement for the professional (the
 * price, the platform fee at the rate frozen at hire, what was paid out). Fields that belong to
 * the other party are null.
 */
export interface ReceiptData {
  milestone_id: string;
  document: 'receipt' | 'statement';
  viewer: 'business' | 'professional';
  description: string;
  project_title: string;
  status: MilestoneStatus;
  business_name: string;
  business_company: string | null;
  professional_name: string;
  amount_pence: number;
  paid_pence: number;
  paid_at: string;
  payment_id: string | null;
  fee_rate: number | null;
  fee_pence: number | null;
  payout_pence: number | null;
  paid_out_pence: number | null;
  paid_out_at: string | null;
  transfer_id: string | null;
  refunded_pence: number | null;
  refunded_at: string | null;
  refund_id: string | null;
}

/** Read when /config.json has no platform details (an older deployment). */
export const DEFAULT_PLATFORM: PlatformDetails = { name: 'ProMatch', addressLines: [] };

export const receiptKeys = {
  receipt: (milestoneId: string) => ['payments', 'receipt', milestoneId] as const,
  platform: ['payments', 'platform'] as const,
};

/** The caller's receipt or statement of one milestone; the database answers only its parties. */
export function useReceipt(milestoneId: string) {
  return useQuery({
    queryKey: receiptKeys.receipt(milestoneId),
    retry: false,
    queryFn: async (): Promise<ReceiptData> => {
      const supabase = await getSupabaseClient();
      const { data, error } = await supabase.rpc('milestone_receipt', {
        p_milestone: milestoneId,
      });
      if (error) throw toAppError(error);
      const row = data as unknown as ReceiptData;
      return { ...row, fee_rate: row.fee_rate === null ? null : Number(row.fee_rate) };
    },
  });
}

/** Who issues the document: name, address and VAT number from the deployment's settings. */
export function usePlatformDetails() {
  return useQuery({
    queryKey: receiptKeys.platform,
    staleTime: Infinity,
    queryFn: async (): Promise<PlatformDetails> =>
      (await loadRuntimeConfig()).platform ?? DEFAULT_PLATFORM,
  });
}
