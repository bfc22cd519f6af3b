import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { env, serveOnDeno } from '../_shared/env.ts';
import { answerIfNotPost, json, readJson } from '../_shared/http.ts';
import { paymentProvider, type Provider } from '../_shared/stripe.ts';
import {
  bearerToken,
  refusal,
  signedInUser,
  supabaseAdmin,
  supabaseAsUser,
} from '../_shared/supabase-admin.ts';

export const NOT_CONFIGURED = 'Payments are not configured on this server.';
export const ONLY_PROFESSIONALS = 'Only professionals set up payouts: businesses pay by card.';

const milestoneId = z.uuid({ message: 'milestoneId must be a UUID.' });
const bodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('onboard') }).strict(),
    z.object({ action: z.literal('fund'), milestoneId }).strict(),
    z.object({ action: z.literal('approve'), milestoneId }).strict(),
    z.object({ action: z.literal('cancel-and-refund'), milestoneId }).strict(),
    z
      .object({
        action: z.literal('subscribe'),
        plan: z.string().regex(/^[a-z][a-z0-9_]{1,30}$/, { message: 'plan must be a plan key.' }),
      })
      .strict(),
    z.object({ action: z.literal('billing-portal') }).strict(),
    z
      .object({
        action: z.literal('resolve'),
        milestoneId,
        outcome: z.enum(['release', 'refund']),
        reason: z.string().trim().min(1).max(2000),
      })
      .strict(),
  ],
  {
    message:
      'Send an action: onboard, fund, approve, cancel-and-refund, resolve, subscribe or billing-portal.',
  },
);

interface MilestoneRow {
  id: string;
  status: string;
  amount_pence: number;
  fee_rate: number;
  professional_id: string;
  business_id: string;
  payment_intent_id: string | null;
}

/** The site people come back to after the provider's hosted pages (never an address they send). */
const siteUrl = () => (env('SITE_URL') ?? 'http://localhost:3000').replace(/\/+$/, '');
const paymentsPage = (query: string) => `${siteUrl()}/payments?${query}`;
const planPage = (query: string) => `${siteUrl()}/plan${query ? `?${query}` : ''}`;

interface PlanTerms {
  user_id: string;
  plan_type: string;
  name: string;
  amount_pence: number;
  stripe_price_id: string | null;
  stripe_customer_id: string | null;
}

/**
 * The plan's provider price: its stripe_price_id, or when a super admin set none, a monthly GBP
 * price created from the plan's price in the database (one per plan and amount, whoever asks)
 * and saved on the plan. Only a plan the caller's terms named is touched.
 */
async function planPrice(provider: Provider, admin: SupabaseClient, terms: PlanTerms) {
  if (terms.stripe_price_id) return terms.stripe_price_id;
  const price = await provider.stripe.prices.create(
    {
      currency: 'gbp',
      unit_amount: terms.amount_pence,
      recurring: { interval: 'month' },
      product_data: { name: `ProMatch ${terms.name} plan` },
      metadata: { plan_type: terms.plan_type },
    },
    { idempotencyKey: `plan-price-${terms.plan_type}-${terms.amount_pence}` },
  );
  const saved = await admin
    .from('subscription_plans')
    .update({ stripe_price_id: price.id })
    .eq('type', terms.plan_type)
    .is('stripe_price_id', null);
  if (saved.error) throw saved.error;
  return price.id;
}

/** The provider's subscription Checkout for a paid plan ({ url }). */
async function subscribe(
  provider: Provider,
  admin: SupabaseClient,
  asUser: SupabaseClient,
  plan: string,
  email?: string,
) {
  const read = await asUser.rpc('plan_checkout_terms', { p_plan: plan });
  if (read.error) return refusalOf(read.error);
  const terms = read.data as PlanTerms;
  const price = await planPrice(provider, admin, terms);
  const metadata = { user_id: terms.user_id, plan_type: terms.plan_type };
  // one session per user, price and ten minutes: a double click opens the same checkout
  const window = Math.floor(Date.now() / 600_000);
  const session = await provider.stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      client_reference_id: terms.user_id,
      ...(terms.stripe_customer_id
        ? { customer: terms.stripe_customer_id }
        : email
          ? { customer_email: email }
          : {}),
      metadata,
      subscription_data: { metadata },
      success_url: planPage('checkout=subscribed'),
      cancel_url: planPage('checkout=cancelled'),
    },
    { idempotencyKey: `subscribe-${terms.user_id}-${price}-${window}` },
  );
  return json(200, { url: session.url, sessionId: session.id });
}

/** The provider's customer portal for the caller's own subscription ({ url }). */
async function billingPortal(provider: Provider, admin: SupabaseClient, userId: string) {
  const { data, error } = await admin
    .from('user_subscriptions')
    .select('stripe_customer_id')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  const customer = data?.stripe_customer_id as string | null | undefined;
  if (!customer) return json(409, { error: 'You have no paid subscription to manage.' });
  const portal = await provider.stripe.billingPortal.sessions.create(
    { customer, return_url: planPage('') },
    { idempotencyKey: `portal-${userId}-${crypto.randomUUID()}` },
  );
  return json(200, { url: portal.url });
}

/** A database refusal as the caller should see it. */
function refusalOf(error: PostgrestError): Response {
  const status =
    error.code === 'P0002'
      ? 404
      : error.code === '42501'
        ? 403
        : error.code === '55000' || error.code === '22023'
          ? 409
          : 500;
  if (status === 500) {
    console.error('[payments] database error:', error.code, error.message);
    return json(500, { error: 'Payments are unavailable right now. Please try again.' });
  }
  const code = error.code === '55000' ? 'payouts_not_enabled' : undefined;
  return json(status, { error: error.message, ...(code ? { code } : {}) });
}

async function onboard(provider: Provider, admin: SupabaseClient, userId: string, email?: string) {
  const { data: profile, error } = await admin
    .from('profiles')
    .select('account_type')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw error;
  if (profile?.account_type !== 'professional') return json(403, { error: ONLY_PROFESSIONALS });
  const { data: existing, error: readError } = await admin
    .from('payout_accounts')
    .select('provider_account_id, status')
    .eq('user_id', userId)
    .maybeSingle();
  if (readError) throw readError;
  let accountId = existing?.provider_account_id as string | undefined;
  if (!accountId) {
    const account = await provider.stripe.accounts.create(
      {
        type: 'express',
        country: 'GB',
        default_currency: 'gbp',
        ...(email ? { email } : {}),
        capabilities: { transfers: { requested: true } },
        metadata: { user_id: userId },
      },
      { idempotencyKey: `account-${userId}` },
    );
    const saved = await admin.rpc('payments_save_account', {
      p_user: userId,
      p_account: account.id,
    });
    if (saved.error) throw saved.error;
    accountId = (saved.data as { provider_account_id: string }).provider_account_id;
  }
  const link = await provider.stripe.accountLinks.create(
    {
      account: accountId,
      type: 'account_onboarding',
      return_url: paymentsPage('onboarding=returned'),
      refresh_url: paymentsPage('onboarding=expired'),
    },
    { idempotencyKey: `account-link-${userId}-${crypto.randomUUID()}` },
  );
  return json(200, { url: link.url, status: existing?.status ?? 'pending' });
}

async function fund(provider: Provider, admin: SupabaseClient, asUser: SupabaseClient, id: string) {
  const terms = await asUser.rpc('milestone_checkout_terms', { p_milestone: id });
  if (terms.error) return refusalOf(terms.error);
  const milestone = terms.data as { id: string; amount_pence: number; description: string };
  const session = await provider.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'gbp',
            unit_amount: milestone.amount_pence,
            product_data: { name: milestone.description },
          },
        },
      ],
      client_reference_id: milestone.id,
      metadata: { milestone_id: milestone.id },
      payment_intent_data: {
        transfer_group: `milestone_${milestone.id}`,
        metadata: { milestone_id: milestone.id },
      },
      success_url: paymentsPage(`milestone=${milestone.id}&checkout=paid`),
      cancel_url: paymentsPage(`milestone=${milestone.id}&checkout=cancelled`),
    },
    { idempotencyKey: `checkout-${milestone.id}-${milestone.amount_pence}` },
  );
  const recorded = await admin.rpc('payments_record_checkout', {
    p_milestone: milestone.id,
    p_session: session.id,
  });
  if (recorded.error) throw recorded.error;
  return json(200, { url: session.url, sessionId: session.id });
}

/** Transfers an approved milestone's amount less the fee and records it; once, whoever retries. */
async function release(provider: Provider, admin: SupabaseClient, milestone: MilestoneRow) {
  const { data: account, error } = await admin
    .from('payout_accounts')
    .select('provider_account_id')
    .eq('user_id', milestone.professional_id)
    .maybeSingle();
  if (error) throw error;
  if (!account) return json(409, { error: 'The professional has no payout account.' });
  const fee = await admin.rpc('milestone_fee_pence', {
    p_amount_pence: milestone.amount_pence,
    p_fee_rate: milestone.fee_rate,
  });
  if (fee.error) throw fee.error;
  const transfer = await provider.stripe.transfers.create(
    {
      amount: milestone.amount_pence - (fee.data as number),
      currency: 'gbp',
      destination: account.provider_account_id as string,
      transfer_group: `milestone_${milestone.id}`,
      metadata: { milestone_id: milestone.id },
    },
    { idempotencyKey: `release-${milestone.id}` },
  );
  const recorded = await admin.rpc('payments_record_release', {
    p_milestone: milestone.id,
    p_transfer: transfer.id,
    p_amount: transfer.amount,
  });
  if (recorded.error) throw recorded.error;
  return json(200, {
    status: 'released',
    transferId: transfer.id,
    transferredPence: transfer.amount,
    feePence: fee.data as number,
  });
}

async function refund(provider: Provider, admin: SupabaseClient, milestone: MilestoneRow) {
  if (!milestone.payment_intent_id) return json(409, { error: 'This milestone was never paid.' });
  const made = await provider.stripe.refunds.create(
    { payment_intent: milestone.payment_intent_id, metadata: { milestone_id: milestone.id } },
    { idempotencyKey: `refund-${milestone.id}` },
  );
  const recorded = await admin.rpc('payments_record_refund', {
    p_milestone: milestone.id,
    p_refund: made.id,
    p_amount: made.amount,
  });
  if (recorded.error) throw recorded.error;
  return json(200, { status: 'refunded', refundId: made.id, refundedPence: made.amount });
}

/**
 * POST { action, … } with the user's access token:
 *   onboard                      a professional's payout account and a link to the provider's
 *                                onboarding page ({ url, status })
 *   fund { milestoneId }         the business opens the provider's checkout for a draft milestone
 *                                ({ url }); 409 payouts_not_enabled until the professional's
 *                                payouts are enabled
 *   approve { milestoneId }      the business approves delivered work; the amount less the fee is
 *                                transferred to the professional ({ status: 'released', … })
 *   cancel-and-refund { milestoneId }  either party asks to cancel a funded, unapproved milestone;
 *                                once both have asked, the card payment is refunded
 *                                ({ status: 'refunded', … }, or { waitingForOtherParty: true })
 *   resolve { milestoneId, outcome, reason }  staff with the payments area decide a dispute
 *   subscribe { plan }           a professional opens the provider's subscription checkout for a
 *                                plan with a monthly price ({ url }); the plan changes when its
 *                                webhook arrives
 *   billing-portal               the provider's customer portal for the caller's subscription
 *                                (change card, cancel at period end) ({ url })
 * What a caller may do is decided by the database functions, called as the caller; the service
 * role only acts on rows they returned. 401 signed out, 400 bad input, 404 not yours, 409 not in
 * a state for it, 503 payments not configured.
 */
export default async function handler(request: Request): Promise<Response> {
  const notPost = answerIfNotPost(request);
  if (notPost) return notPost;
  const provider = paymentProvider();
  if (!provider) return json(503, { error: NOT_CONFIGURED, code: 'payments_unavailable' });
  const admin = supabaseAdmin();
  const signedIn = await signedInUser(request, admin);
  if (signedIn.status !== 'ok') return refusal(signedIn, 'Sign in to use payments.');
  const { user } = signedIn;
  const parsed = bodySchema.safeParse(await readJson(request));
  if (!parsed.success) {
    return json(400, { error: parsed.error.issues[0]?.message ?? 'Bad request.' });
  }
  const body = parsed.data;
  const asUser = supabaseAsUser(bearerToken(request));
  try {
    if (body.action === 'onboard') return await onboard(provider, admin, user.id, user.email);
    if (body.action === 'fund') return await fund(provider, admin, asUser, body.milestoneId);
    if (body.action === 'subscribe')
      return await subscribe(provider, admin, asUser, body.plan, user.email);
    if (body.action === 'billing-portal') return await billingPortal(provider, admin, user.id);
    if (body.action === 'approve') {
      const approved = await asUser.rpc('approve_milestone', { p_milestone: body.milestoneId });
      if (approved.error) return refusalOf(approved.error);
      return await release(provider, admin, approved.data as MilestoneRow);
    }
    if (body.action === 'cancel-and-refund') {
      const agreed = await asUser.rpc('agree_to_refund_milestone', {
        p_milestone: body.milestoneId,
      });
      if (agreed.error) return refusalOf(agreed.error);
      const milestone = agreed.data as MilestoneRow;
      return milestone.status === 'refund_pending'
        ? await refund(provider, admin, milestone)
        : json(200, { status: milestone.status, waitingForOtherParty: true });
    }
    const resolved = await asUser.rpc('resolve_milestone_dispute', {
      p_milestone: body.milestoneId,
      p_outcome: body.outcome,
      p_reason: body.reason,
    });
    if (resolved.error) return refusalOf(resolved.error);
    const milestone = resolved.data as MilestoneRow;
    return milestone.status === 'approved'
      ? await release(provider, admin, milestone)
      : await refund(provider, admin, milestone);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[payments] ${body.action} failed:`, message);
    return json(502, {
      error: 'The payment provider could not complete this right now. Please try again.',
    });
  }
}

serveOnDeno(handler);
