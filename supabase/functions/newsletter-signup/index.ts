import { newsletterSignupSchema } from '../_shared/email.ts';
import { serveOnDeno } from '../_shared/env.ts';
import { corsHeaders, json } from '../_shared/http.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

// The same answer for a new and a repeated address: a sign-up form must not reveal who subscribed.
const subscribedMessage = "Thanks for subscribing! You're on the list.";

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/**
 * POST { email, source? } -> { success, message, error }. Stores the lower-cased address in
 * newsletter_subscribers with the service role; a repeat is a success (insert ignores duplicates).
 */
export default async function handler(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: corsHeaders });
  if (request.method !== 'POST') {
    return json(
      405,
      { success: false, message: null, error: 'Method not allowed' },
      { Allow: 'POST, OPTIONS' },
    );
  }
  const parsed = newsletterSignupSchema.safeParse(await readJson(request));
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? 'Please enter a valid email address';
    return json(400, { success: false, message: null, error });
  }
  const { email, source } = parsed.data;
  const { error } = await supabaseAdmin()
    .from('newsletter_subscribers')
    .upsert(
      { email, ...(source ? { source } : {}) },
      { onConflict: 'email', ignoreDuplicates: true },
    );
  if (error) {
    console.error('[newsletter-signup] insert failed:', error.code, error.message);
    return json(500, {
      success: false,
      message: null,
      error: 'Could not subscribe right now. Please try again later.',
    });
  }
  return json(200, { success: true, message: subscribedMessage, error: null });
}

serveOnDeno(handler);
