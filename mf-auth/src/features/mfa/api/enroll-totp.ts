import { getSupabaseClient } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaKeys } from './keys';

export interface TotpEnrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

/** POST /auth/v1/factors: a new, unverified TOTP factor with its QR code and secret. */
export async function enrollTotp(): Promise<TotpEnrolment> {
  const client = await getSupabaseClient();
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    issuer: 'ProMatch',
    // Friendly names are unique per user; the time keeps a second device apart from the first.
    friendlyName: `Authenticator ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
  });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export function useEnrollTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollTotp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}
