import {
  getSupabaseClient,
  LEAD_CAPTURE_KEY,
  saveLeadCapture,
  toAppError,
  type LeadCapture,
} from '@promatch/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from '@promatch/shared/validation';

export const leadCaptureSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  name: z.string().trim().max(200).optional(),
  company: z.string().trim().max(200).optional(),
  consent: z.boolean().refine((given) => given, 'Please agree so we can store your details'),
});
export type LeadCaptureInput = z.infer<typeof leadCaptureSchema>;

/**
 * Keeps the lead capture record in browser storage and the consent server-side in `leads` (RLS lets
 * anyone insert, nobody but admins read). Both or neither: a failed insert drops the browser record
 * again.
 */
export async function createLead(input: LeadCaptureInput): Promise<LeadCapture> {
  const fields = {
    email: input.email.toLowerCase(),
    ...(input.name ? { name: input.name } : {}),
    ...(input.company ? { company: input.company } : {}),
  };
  const record = saveLeadCapture(fields);
  const client = await getSupabaseClient();
  const { error } = await client.from('leads').insert({
    token: record.token,
    email: fields.email,
    name: input.name || null,
    company: input.company || null,
    consent_version: record.consentVersion,
    consented_at: record.capturedAt,
    expires_at: record.expiresAt,
    source: window.location.pathname,
  });
  if (error) {
    localStorage.removeItem(LEAD_CAPTURE_KEY);
    throw toAppError(error);
  }
  return record;
}

export const useCreateLead = () => useMutation({ mutationFn: createLead });
