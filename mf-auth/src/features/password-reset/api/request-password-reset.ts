import { createRecoveryClient } from '@promatch/shared';

/** Where the e-mailed reset link lands. */
export const resetRedirect = () => `${window.location.origin}/reset-password`;

/**
 * POST /recover with a PKCE challenge. The server answers the same whether or not the address has
 * an account, and so does the page: only a rate limit or a network failure is reported.
 */
export async function requestPasswordReset(email: string, captchaToken?: string): Promise<void> {
  const client = await createRecoveryClient();
  const { error } = await client.auth.resetPasswordForEmail(email, {
    redirectTo: resetRedirect(),
    captchaToken,
  });
  if (error) throw error;
}
