import { getSupabaseClient } from '@promatch/shared';
import { type RegisterInput, type SelectedCompany } from '@promatch/shared/validation';
import { isTransientAuthError, withRetries } from '../../../lib/retry';

export interface SignUpInput extends RegisterInput {
  company_data: SelectedCompany | null;
}

/** Where the confirmation link lands: the dashboard, signed in. */
export const confirmationRedirect = () => `${window.location.origin}/dashboard`;

/**
 * Sign-up with the metadata the database trigger reads (name, account_type, company, company_data)
 * and the chosen plan, retried on transient failures only.
 */
export async function signUp(input: SignUpInput, captchaToken?: string): Promise<void> {
  const client = await getSupabaseClient();
  await withRetries(async () => {
    const { error } = await client.auth.signUp({
      email: input.email,
      password: input.password,
      options: {
        emailRedirectTo: confirmationRedirect(),
        captchaToken,
        data: signUpMetadata(input),
      },
    });
    if (error) throw error;
  }, isTransientAuthError);
}

/**
 * The metadata the database trigger reads when the account is created: by the e-mail sign-up,
 * or by the first sign-in through a provider ("Continue with LinkedIn" on this page).
 */
export function signUpMetadata(
  input: Pick<SignUpInput, 'name' | 'accountType' | 'company' | 'company_data' | 'selectedPlan'>,
): Record<string, unknown> {
  const isBusiness = input.accountType === 'business';
  const company = isBusiness ? (input.company_data?.record ?? null) : null;
  // The register's answer counts only with the ticket verify-company issued for it.
  const ticket = isBusiness ? (input.company_data?.verificationTicket ?? null) : null;
  return {
    name: input.name,
    account_type: input.accountType,
    company: isBusiness ? (company?.company_name ?? input.company ?? null) : null,
    company_data: company && ticket ? { ...company, verification_ticket: ticket } : company,
    selected_plan: isBusiness ? 'free' : input.selectedPlan,
  };
}

/** "Continue with …" from the register page: the same choices, made before leaving. */
export function continueWithProviderMetadata(
  input: Parameters<typeof signUpMetadata>[0],
): Record<string, unknown> {
  const metadata = signUpMetadata(input);
  // An empty name would replace the one the provider knows.
  if (!input.name.trim()) delete metadata.name;
  return metadata;
}
