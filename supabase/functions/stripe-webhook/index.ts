import { serveOnDeno } from '../_shared/env.ts';
import { json } from '../_shared/http.ts';
import { paymentProvider } from '../_shared/stripe.ts';
import { supabaseAdmin } from '../_shared/supabase-admin.ts';

/**
 * POST from the payment provider: one event, signed with Stripe's scheme in `Stripe-Signature`
 * (HMAC-SHA256 of `timestamp.payload` with the endpoint's secret, five minutes' tolerance). The
 * signature is verified with the official client before anything is read; the event is then
 * applied once by payments_apply_event, or payments_apply_subscription_event for a paid plan's
 * subscription (subscription checkout, customer.subscription.*, invoice.payment_failed) (its id is claimed first, so a replayed, duplicated or
 * retried event changes nothing again). Answers 200 with what processing did, 400 for a missing
 * or wrong signature, 503 when payments are not configured, 500 when the database failed (the
 * provider retries).
 */
/** Events about a paid plan's subscription, applied by payments_apply_subscription_event. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
]);

function isSubscriptionEvent(event: { type: string; data: { object: unknown } }): boolean {
  if (SUBSCRIPTION_EVENTS.has(event.type)) return true;
  const object = event.data.object as { mode?: unknown };
  return event.type === 'checkout.session.completed' && object.mode === 'subscription';
}

export default async function handler(request: Request): Promise<Response> {
  if (request.method !== 'POST')
    return json(405, { error: 'Method not allowed' }, { Allow: 'POST' });
  const provider = paymentProvider();
  if (!provider) return json(503, { error: 'Payments are not configured on this server.' });
  const signature = request.headers.get('stripe-signature');
  if (!signature) return json(400, { error: 'Missing Stripe-Signature header.' });
  const payload = await request.text();
  let event;
  try {
    event = await provider.stripe.webhooks.constructEventAsync(
      payload,
      signature,
      provider.webhookSecret,
    );
  } catch {
    return json(400, { error: 'The webhook signature does not match this endpoint.' });
  }
  const { data, error } = await supabaseAdmin().rpc(
    isSubscriptionEvent(event) ? 'payments_apply_subscription_event' : 'payments_apply_event',
    { p_event: event },
  );
  if (error) {
    console.error('[stripe-webhook] could not apply', event.type, error.message);
    return json(500, { error: 'The event could not be processed; send it again.' });
  }
  return json(200, { received: true, outcome: data as string });
}

serveOnDeno(handler);
