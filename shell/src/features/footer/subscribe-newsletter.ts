import { getSupabaseClient } from '@promatch/shared';

export interface NewsletterResult {
  success: boolean;
  message: string | null;
  error: string | null;
}

/** Reads the function's own `{success, message, error}` body, also from a 4xx/5xx answer. */
async function bodyOf(error: unknown): Promise<Partial<NewsletterResult> | null> {
  const context = (error as { context?: unknown }).context;
  if (!(context instanceof Response)) return null;
  return (await context.json().catch(() => null)) as Partial<NewsletterResult> | null;
}

/** Calls the `newsletter-signup` edge function with `{email}`. Throws with the server's message. */
export async function subscribeToNewsletter(email: string): Promise<NewsletterResult> {
  const client = await getSupabaseClient();
  const { data, error } = await client.functions.invoke<NewsletterResult>('newsletter-signup', {
    body: { email },
  });
  if (error) {
    const body = await bodyOf(error);
    throw new Error(body?.error ?? error.message);
  }
  return data ?? { success: false, message: null, error: null };
}
