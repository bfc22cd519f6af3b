import { getSupabaseClient } from '@promatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaKeys } from './keys';

export interface PhoneEnrolment {
  factorId: string;
  /** E.164, as the server stored it. */
  phone: string;
  challengeId: string;
}

/** Texts a new code to the phone factor: POST /auth/v1/factors/{id}/challenge. */
export async function sendPhoneCode(factorId: string): Promise<string> {
  const client = await getSupabaseClient();
  const { data, error } = await client.auth.mfa.challenge({ factorId, channel: 'sms' });
  if (error) throw error;
  return data.id;
}

/** POST /auth/v1/factors with factor_type=phone, then the first code is texted to it. */
export async function enrollPhone(phone: string): Promise<PhoneEnrolment> {
  const client = await getSupabaseClient();
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'phone',
    phone,
    friendlyName: `Phone ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
  });
  if (error) throw error;
  return { factorId: data.id, phone: data.phone, challengeId: await sendPhoneCode(data.id) };
}

/** The code from the text proves the phone: the factor becomes verified, the session aal2. */
export async function verifyPhone(input: {
  factorId: string;
  challengeId: string;
  code: string;
}): Promise<void> {
  const client = await getSupabaseClient();
  const { error } = await client.auth.mfa.verify(input);
  if (error) throw error;
}

export function useEnrollPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollPhone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}
