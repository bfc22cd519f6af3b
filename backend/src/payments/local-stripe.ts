import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import type { ApiHandler, ApiRequest, ApiResponse } from '../http/types.ts';
import { decodeStripeForm, field, stringMap, type FormObject } from './form.ts';

/**
 * The local payment provider for a machine without Stripe keys (development only): a small HTTP
 * API speaking the part of Stripe's API that ProMatch uses, at /v1 on this server, so the
 * official `stripe` client is pointed at it with host, port and protocol and nothing else
 * changes; and the provider's hosted pages (/stripe-local: onboarding, checkout), each plainly
 * marked as a test. Every state change is sent to the stripe-webhook function as an event signed
 * with Stripe's scheme. Objects are kept in DATA_DIR/stripe-local.json.
 *
 * Endpoints: POST/GET /v1/accounts[/:id], POST /v1/account_links, POST/GET
 * /v1/checkout/sessions[/:id], POST /v1/transfers, POST /v1/refunds, and the lists GET
 * /v1/charges, /v1/transfers and /v1/refunds (newest first, `limit`, `starting_after`,
 * `created[gte]`, as the reconciliation job pages through them); for paid plans POST /v1/prices,
 * checkout in subscription mode, GET/POST/DELETE /v1/subscriptions/:id, POST
 * /v1/billing_portal/sessions and the test portal page (/stripe-local/portal). A paid checkout
 * makes a charge on its payment intent; a refund adds to the charge's `amount_refunded`. POSTs honour
 * Idempotency-Key as Stripe does: the same key and body answers the first response again; the
 * same key with another body is a 400 idempotency_error.
 */
export interface LocalStripeOptions {
  /** The secret key the client must send (Authorization: Bearer …). */
  secretKey: string;
  /** Signs the webhook events. */
  webhookSecret: string;
  /** Where events are POSTed (…/functions/v1/stripe-webhook). */
  webhookUrl: string;
  /** This server's address as the browser reaches it (hosted pages' links). */
  publicUrl: string;
  /** Folder for stripe-local.json; in memory only when undefined. */
  dataDir?: string;
}

type Obj = Record<string, unknown>;

interface State {
  accounts: Record<string, Obj>;
  sessions: Record<string, Obj>;
  transfers: Record<string, Obj>;
  refunds: Record<string, Obj>;
  charges: Record<string, Obj>;
  prices: Record<string, Obj>;
  customers: Record<string, Obj>;
  subscriptions: Record<string, Obj>;
  portals: Record<string, Obj>;
  idempotency: Record<string, { body: string; status: number; response: Obj }>;
}

const API_VERSION = '2026-10-28.endive';

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_local${randomBytes(12).toString('hex')}`;

function stripeError(status: number, type: string, message: string, param?: string): ApiResponse {
  return { status, body: { error: { type, message, ...(param ? { param } : {}) } } };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

function page(title: string, body: string): ApiResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action *",
    },
    body: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a2e}
.test{background:#fff3cd;border:2px solid #b8860b;padding:.75rem 1rem;border-radius:6px;font-weight:600}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#1d4ed8;color:#fff;cursor:pointer}
a{color:#1d4ed8}</style></head><body>${body}</body></html>`,
  };
}

/** Only http(s) addresses are followed after a hosted page. */
const safeRedirect = (url: unknown, fallback: string): string => {
  if (typeof url !== 'string') return fallback;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : fallback;
  } catch {
    return fallback;
  }
};

export interface LocalStripe {
  /** Mounted at /v1: the Stripe-speaking API. */
  api: ApiHandler;
  /** Mounted at /stripe-local: the hosted onboarding and checkout pages. */
  pages: ApiHandler;
}

export function createLocalStripe(options: LocalStripeOptions): LocalStripe {
  const file = options.dataDir ? path.join(options.dataDir, 'stripe-local.json') : undefined;
  const state: State =
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as State)
      : ({ accounts: {}, sessions: {}, transfers: {}, refunds: {}, idempotency: {} } as State);
  // a file written before charges, or the paid plans' objects, were kept
  state.charges ??= {};
  state.prices ??= {};
  state.customers ??= {};
  state.subscriptions ??= {};
  state.portals ??= {};
  const save = () => {
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  };
  // Only its webhook signing is used: no request leaves this machine.
  const signer = new Stripe(options.secretKey);

  /** Sends one event, signed, to the webhook function; a few tries, then gives up (logged). */
  async function emit(type: string, object: Obj, account?: string): Promise<void> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      livemode: false,
      type,
      ...(account ? { account } : {}),
      data: { object },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const payload = JSON.stringify(event);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      try {
        const header = signer.webhooks.generateTestHeaderString({
          payload,
          secret: options.webhookSecret,
        });
        const response = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        });
        if (response.ok) return;
        console.warn(`[stripe-local] ${type} webhook answered ${response.status}`);
      } catch (error) {
        console.warn(`[stripe-local] ${type} webhook failed:`, (error as Error).message);
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  const accountStatusFields = (enabled: boolean) => ({
    charges_enabled: enabled,
    payouts_enabled: enabled,
    details_submitted: enabled,
    capabilities: { transfers: enabled ? 'active' : 'inactive' },
    requirements: { currently_due: enabled ? [] : ['external_account', 'individual.verification'] },
  });

  function createAccount(form: FormObject): ApiResponse {
    const account = {
      id: newId('acct'),
      object: 'account',
      type: field(form, 'type') ?? 'express',
      country: field(form, 'country') ?? 'GB',
      default_currency: 'gbp',
      email: field(form, 'email') ?? null,
      created: now(),
      metadata: stringMap(form.metadata),
      ...accountStatusFields(false),
    };
    state.accounts[account.id] = account;
    return { status: 200, body: account };
  }

  function createAccountLink(form: FormObject): ApiResponse {
    const account = field(form, 'account');
    if (!account || !state.accounts[account])
      return stripeError(400, 'invalid_request_error', `No such account: '${account}'`, 'account');
    const query = new URLSearchParams({
      return_url: field(form, 'return_url') ?? '',
      refresh_url: field(form, 'refresh_url') ?? '',
    });
    return {
      status: 200,
      body: {
        object: 'account_link',
        created: now(),
        expires_at: now() + 300,
        url: `${options.publicUrl}/stripe-local/onboarding/${account}?${query}`,
      },
    };
  }

  function createPrice(form: FormObject): ApiResponse {
    const unit = Number(field(form, 'unit_amount'));
    const recurring = form.recurring as FormObject | undefined;
    const product = form.product_data as FormObject | undefined;
    if (!Number.isInteger(unit) || unit < 1)
      return stripeError(
        400,
        'invalid_request_error',
        'Invalid integer: unit_amount',
        'unit_amount',
      );
    if (field(form, 'currency') !== 'gbp')
      return stripeError(400, 'invalid_request_error', 'Invalid currency', 'currency');
    const interval = recurring && field(recurring, 'interval');
    if (interval && interval !== 'month')
      return stripeError(400, 'invalid_request_error', 'Invalid recurring[interval]', 'recurring');
    const price = {
      id: newId('price'),
      object: 'price',
      active: true,
      currency: 'gbp',
      unit_amount: unit,
      type: interval ? 'recurring' : 'one_time',
      recurring: interval ? { interval, interval_count: 1 } : null,
      product: newId('prod'),
      product_name: (product && field(product, 'name')) ?? 'Plan',
      created: now(),
      metadata: stringMap(form.metadata),
      livemode: false,
    };
    state.prices[price.id] = price;
    return { status: 200, body: price };
  }

  /** Checkout in subscription mode: one line, a recurring price made with /v1/prices. */
  function createSubscriptionSession(form: FormObject): ApiResponse {
    const items = Array.isArray(form.line_items) ? form.line_items : [];
    const item = items[0];
    const priceId =
      item && typeof item === 'object' && !Array.isArray(item) && field(item, 'price');
    const price = priceId ? state.prices[priceId] : undefined;
    if (items.length !== 1 || !price || !price.recurring)
      return stripeError(
        400,
        'invalid_request_error',
        'A subscription checkout needs one line item with a recurring price.',
        'line_items',
      );
    const successUrl = field(form, 'success_url');
    if (!successUrl)
      return stripeError(400, 'invalid_request_error', 'Missing success_url', 'success_url');
    const customer = field(form, 'customer');
    if (customer && !state.customers[customer])
      return stripeError(
        400,
        'invalid_request_error',
        `No such customer: '${customer}'`,
        'customer',
      );
    const subscriptionData = form.subscription_data as FormObject | undefined;
    const id = newId('cs_test');
    const session = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      amount_total: price.unit_amount,
      amount_subtotal: price.unit_amount,
      currency: 'gbp',
      created: now(),
      expires_at: now() + 24 * 3600,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      subscription: null as string | null,
      customer: customer ?? null,
      customer_email: field(form, 'customer_email') ?? null,
      client_reference_id: field(form, 'client_reference_id') ?? null,
      metadata: stringMap(form.metadata),
      subscription_metadata: stringMap(subscriptionData?.metadata),
      price: price.id,
      success_url: successUrl,
      cancel_url: field(form, 'cancel_url') ?? null,
      url: `${options.publicUrl}/stripe-local/checkout/${id}`,
      line_item_name: `${String(price.product_name)}, monthly`,
      livemode: false,
    };
    state.sessions[id] = session;
    return { status: 200, body: session };
  }

  /** A paid subscription checkout: a customer (if new), an active subscription for 30 days. */
  async function completeSubscriptionCheckout(session: Obj): Promise<void> {
    let customer = session.customer as string | null;
    if (!customer) {
      customer = newId('cus');
      state.customers[customer] = {
        id: customer,
        object: 'customer',
        email: session.customer_email,
        created: now(),
        livemode: false,
      };
    }
    const start = now();
    const end = start + 30 * 24 * 3600;
    const subscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null as number | null,
      canceled_at: null as number | null,
      ended_at: null as number | null,
      created: start,
      start_date: start,
      current_period_start: start,
      current_period_end: end,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: state.prices[String(session.price)],
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
      metadata: session.subscription_metadata,
      livemode: false,
    };
    state.subscriptions[subscription.id] = subscription;
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      subscription: subscription.id,
    });
    save();
    await emit('checkout.session.completed', session);
    await emit('customer.subscription.created', subscription);
  }

  const periodEnd = (subscription: Obj) => Number(subscription.current_period_end);

  function updateSubscription(id: string, form: FormObject): ApiResponse {
    const subscription = state.subscriptions[id];
    if (!subscription)
      return stripeError(404, 'invalid_request_error', `No such subscription: '${id}'`);
    if (subscription.status === 'canceled')
      return stripeError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    const cancel = field(form, 'cancel_at_period_end');
    if (cancel !== undefined) {
      subscription.cancel_at_period_end = cancel === 'true';
      subscription.cancel_at = cancel === 'true' ? periodEnd(subscription) : null;
      subscription.canceled_at = cancel === 'true' ? now() : null;
    }
    void emit('customer.subscription.updated', subscription);
    return { status: 200, body: subscription };
  }

  function cancelSubscription(id: string): ApiResponse {
    const subscription = state.subscriptions[id];
    if (!subscription)
      return stripeError(404, 'invalid_request_error', `No such subscription: '${id}'`);
    if (subscription.status !== 'canceled') {
      Object.assign(subscription, {
        status: 'canceled',
        canceled_at: subscription.canceled_at ?? now(),
        ended_at: now(),
      });
      void emit('customer.subscription.deleted', subscription);
    }
    save();
    return { status: 200, body: subscription };
  }

  function createPortal(form: FormObject): ApiResponse {
    const customer = field(form, 'customer');
    if (!customer || !state.customers[customer])
      return stripeError(
        400,
        'invalid_request_error',
        `No such customer: '${customer}'`,
        'customer',
      );
    const portal = {
      id: newId('bps'),
      object: 'billing_portal.session',
      customer,
      created: now(),
      return_url: field(form, 'return_url') ?? null,
      url: '',
      livemode: false,
    };
    portal.url = `${options.publicUrl}/stripe-local/portal/${portal.id}`;
    state.portals[portal.id] = portal;
    return { status: 200, body: portal };
  }

  function createSession(form: FormObject): ApiResponse {
    if (field(form, 'mode') === 'subscription') return createSubscriptionSession(form);
    const items = Array.isArray(form.line_items) ? form.line_items : [];
    let total = 0;
    let name = '';
    for (const item of items) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
      const priceData = item.price_data;
      if (!priceData || typeof priceData !== 'object' || Array.isArray(priceData))
        return stripeError(400, 'invalid_request_error', 'Invalid line_items', 'line_items');
      const unit = Number(field(priceData, 'unit_amount'));
      const quantity = Number(field(item, 'quantity') ?? '1');
      const currency = field(priceData, 'currency');
      if (
        !Number.isInteger(unit) ||
        unit < 1 ||
        !Number.isInteger(quantity) ||
        quantity < 1 ||
        currency !== 'gbp'
      )
        return stripeError(400, 'invalid_request_error', 'Invalid line_items', 'line_items');
      total += unit * quantity;
      const product = priceData.product_data as FormObject | undefined;
      name ||= (product && field(product, 'name')) ?? '';
    }
    if (total < 30)
      return stripeError(400, 'invalid_request_error', 'Amount must be at least £0.30 gbp');
    const successUrl = field(form, 'success_url');
    if (!successUrl)
      return stripeError(400, 'invalid_request_error', 'Missing success_url', 'success_url');
    const id = newId('cs_test');
    const paymentIntentData = form.payment_intent_data as FormObject | undefined;
    const session = {
      id,
      object: 'checkout.session',
      mode: field(form, 'mode') ?? 'payment',
      amount_total: total,
      amount_subtotal: total,
      currency: 'gbp',
      created: now(),
      expires_at: now() + 24 * 3600,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null as string | null,
      client_reference_id: field(form, 'client_reference_id') ?? null,
      metadata: stringMap(form.metadata),
      payment_intent_metadata: stringMap(paymentIntentData?.metadata),
      transfer_group: (paymentIntentData && field(paymentIntentData, 'transfer_group')) ?? null,
      success_url: successUrl,
      cancel_url: field(form, 'cancel_url') ?? null,
      url: `${options.publicUrl}/stripe-local/checkout/${id}`,
      line_item_name: name,
      livemode: false,
    };
    state.sessions[id] = session;
    return { status: 200, body: session };
  }

  function createTransfer(form: FormObject): ApiResponse {
    const amount = Number(field(form, 'amount'));
    const destination = field(form, 'destination');
    if (!Number.isInteger(amount) || amount < 1)
      return stripeError(400, 'invalid_request_error', 'Invalid integer: amount', 'amount');
    if (field(form, 'currency') !== 'gbp')
      return stripeError(400, 'invalid_request_error', 'Invalid currency', 'currency');
    const account = destination ? state.accounts[destination] : undefined;
    if (!account)
      return stripeError(
        400,
        'invalid_request_error',
        `No such destination: '${destination}'`,
        'destination',
      );
    if (!account.payouts_enabled)
      return stripeError(
        400,
        'invalid_request_error',
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
      );
    const transfer = {
      id: newId('tr'),
      object: 'transfer',
      amount,
      currency: 'gbp',
      created: now(),
      destination,
      transfer_group: field(form, 'transfer_group') ?? null,
      source_transaction: field(form, 'source_transaction') ?? null,
      metadata: stringMap(form.metadata),
      reversed: false,
      livemode: false,
    };
    state.transfers[transfer.id] = transfer;
    void emit('transfer.created', transfer);
    return { status: 200, body: transfer };
  }

  function createRefund(form: FormObject): ApiResponse {
    const intent = field(form, 'payment_intent');
    const session = Object.values(state.sessions).find((s) => s.payment_intent === intent);
    if (!intent || !session)
      return stripeError(
        400,
        'invalid_request_error',
        `No such payment_intent: '${intent}'`,
        'payment_intent',
      );
    const amount = Number(field(form, 'amount') ?? session.amount_total);
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: 'gbp',
      created: now(),
      payment_intent: intent,
      charge: null as unknown,
      status: 'succeeded',
      metadata: stringMap(form.metadata),
    };
    state.refunds[refund.id] = refund;
    const charge = Object.values(state.charges).find((c) => c.payment_intent === intent);
    if (charge) {
      charge.amount_refunded = Number(charge.amount_refunded ?? 0) + amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      refund.charge = charge.id;
    }
    void emit('refund.created', refund);
    return { status: 200, body: refund };
  }

  /** A Stripe list: newest first, `limit` (1–100, default 10), `starting_after`, `created[gte]`. */
  function list(objects: Record<string, Obj>, kind: string, query: URLSearchParams): ApiResponse {
    const limit = Number(query.get('limit') ?? '10');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return stripeError(400, 'invalid_request_error', 'Invalid integer: limit', 'limit');
    const gte = Number(query.get('created[gte]') ?? '0');
    const all = Object.values(objects)
      .filter((o) => Number(o.created) >= gte)
      // newest first; insertion order breaks ties, newest first too
      .map((o, index) => ({ o, index }))
      .sort((a, b) => Number(b.o.created) - Number(a.o.created) || b.index - a.index)
      .map(({ o }) => o);
    const after = query.get('starting_after');
    const start = after ? all.findIndex((o) => o.id === after) + 1 : 0;
    if (after && start === 0)
      return stripeError(400, 'invalid_request_error', `No such object: '${after}'`);
    const data = all.slice(start, start + limit);
    return {
      status: 200,
      body: { object: 'list', url: `/v1/${kind}`, has_more: start + limit < all.length, data },
    };
  }

  const api: ApiHandler = async (request: ApiRequest) => {
    const auth = request.headers.authorization ?? '';
    if (auth !== `Bearer ${options.secretKey}`)
      return stripeError(
        401,
        'invalid_request_error',
        'Invalid API Key provided (this is the local test provider).',
      );
    const parts = request.path.split('/').filter(Boolean);
    if (request.method === 'GET' && parts.length === 1) {
      const lists: Record<string, Record<string, Obj>> = {
        charges: state.charges,
        transfers: state.transfers,
        refunds: state.refunds,
      };
      const kind = parts[0]!;
      if (lists[kind]) return list(lists[kind], kind, request.query);
    }
    if (request.method === 'GET') {
      const [kind, id, more] = parts;
      const found =
        kind === 'accounts' && id
          ? state.accounts[id]
          : kind === 'checkout' && id === 'sessions' && more
            ? state.sessions[more]
            : kind === 'transfers' && id
              ? state.transfers[id]
              : kind === 'subscriptions' && id
                ? state.subscriptions[id]
                : kind === 'prices' && id
                  ? state.prices[id]
                  : kind === 'customers' && id
                    ? state.customers[id]
                    : undefined;
      return found
        ? { status: 200, body: found }
        : stripeError(404, 'invalid_request_error', `No such object: '${parts.at(-1)}'`);
    }
    if (request.method === 'DELETE' && parts[0] === 'subscriptions' && parts[1] && !parts[2])
      return cancelSubscription(parts[1]);
    if (request.method !== 'POST')
      return stripeError(405, 'invalid_request_error', 'Unsupported method');
    const raw = request.body.toString('utf8');
    const key = request.headers['idempotency-key'];
    const cacheKey = typeof key === 'string' && key ? `${request.path} ${key}` : undefined;
    const earlier = cacheKey ? state.idempotency[cacheKey] : undefined;
    if (earlier) {
      if (earlier.body !== raw)
        return stripeError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      return {
        status: earlier.status,
        headers: { 'idempotent-replayed': 'true' },
        body: earlier.response,
      };
    }
    const form = decodeStripeForm(raw);
    const route = parts.join('/');
    const answer =
      route === 'accounts'
        ? createAccount(form)
        : route === 'account_links'
          ? createAccountLink(form)
          : route === 'checkout/sessions'
            ? createSession(form)
            : route === 'transfers'
              ? createTransfer(form)
              : route === 'refunds'
                ? createRefund(form)
                : route === 'prices'
                  ? createPrice(form)
                  : route === 'billing_portal/sessions'
                    ? createPortal(form)
                    : parts[0] === 'subscriptions' && parts[1] && !parts[2]
                      ? updateSubscription(parts[1], form)
                      : stripeError(
                          404,
                          'invalid_request_error',
                          `Unrecognized request URL (POST: /v1/${route}). The local test provider does not implement it.`,
                        );
    if (cacheKey && answer.status < 500)
      state.idempotency[cacheKey] = {
        body: raw,
        status: answer.status,
        response: answer.body as Obj,
      };
    save();
    return answer;
  };

  const TEST_BANNER = (text: string) => `<p class="test" role="note">${escapeHtml(text)}</p>`;

  const pages: ApiHandler = async (request: ApiRequest) => {
    const [kind, id] = request.path.split('/').filter(Boolean);
    if (kind === 'onboarding' && id && state.accounts[id]) {
      const account = state.accounts[id];
      const returnUrl = safeRedirect(request.query.get('return_url'), options.publicUrl);
      if (request.method === 'POST') {
        Object.assign(account, accountStatusFields(true));
        save();
        await emit('account.updated', account);
        return { status: 303, headers: { location: returnUrl } };
      }
      return page(
        'Set up payouts (test)',
        `${TEST_BANNER('Test onboarding — no identity check is made and no bank account is used.')}
<h1>Set up payouts</h1>
<p>On the live site the payment provider asks for identity and bank details here.</p>
<form method="post"><button type="submit">Complete test onboarding</button></form>
<p><a href="${escapeHtml(returnUrl)}">Back to ProMatch</a></p>`,
      );
    }
    if (kind === 'checkout' && id && state.sessions[id]) {
      const session = state.sessions[id];
      const cancelUrl = safeRedirect(session.cancel_url, options.publicUrl);
      if (session.status !== 'open')
        return page(
          'Already paid (test)',
          `${TEST_BANNER('Test payment — no card is charged.')}<h1>This checkout is complete</h1>
<p><a href="${escapeHtml(safeRedirect(session.success_url, options.publicUrl))}">Back to ProMatch</a></p>`,
        );
      if (request.method === 'POST' && session.mode === 'subscription') {
        await completeSubscriptionCheckout(session);
        return {
          status: 303,
          headers: { location: safeRedirect(session.success_url, options.publicUrl) },
        };
      }
      if (request.method === 'POST') {
        const intent = newId('pi');
        Object.assign(session, {
          status: 'complete',
          payment_status: 'paid',
          payment_intent: intent,
        });
        const charge = {
          id: newId('ch'),
          object: 'charge',
          amount: session.amount_total,
          amount_refunded: 0,
          currency: 'gbp',
          created: now(),
          paid: true,
          refunded: false,
          status: 'succeeded',
          payment_intent: intent,
          transfer_group: session.transfer_group,
          metadata: session.payment_intent_metadata,
          livemode: false,
        };
        state.charges[charge.id] = charge;
        save();
        await emit('checkout.session.completed', session);
        return {
          status: 303,
          headers: { location: safeRedirect(session.success_url, options.publicUrl) },
        };
      }
      const amount = gbp(Number(session.amount_total));
      if (session.mode === 'subscription')
        return page(
          'Test subscription — no card is charged',
          `${TEST_BANNER('Test subscription — no card is charged, now or monthly.')}
<h1>Subscribe: ${escapeHtml(amount)} a month</h1>
<p>${escapeHtml(String(session.line_item_name))}</p>
<form method="post"><button type="submit">Subscribe for ${escapeHtml(amount)} a month (test)</button></form>
<p><a href="${escapeHtml(cancelUrl)}">Cancel and go back</a></p>`,
        );
      return page(
        'Test payment — no card is charged',
        `${TEST_BANNER('Test payment — no card is charged.')}
<h1>Pay ${escapeHtml(amount)}</h1>
<p>${escapeHtml(String(session.line_item_name))}</p>
<form method="post"><button type="submit">Pay ${escapeHtml(amount)} (test)</button></form>
<p><a href="${escapeHtml(cancelUrl)}">Cancel and go back</a></p>`,
      );
    }
    if (kind === 'portal' && id && state.portals[id]) return portalPage(request, state.portals[id]);
    return page('Not found', '<h1>Nothing here</h1>');
  };

  /**
   * The customer portal, as a test page: the customer's subscriptions with cancel at period end
   * (and undo), a card change that changes nothing, and two test-only steps Stripe does by
   * itself in time: a renewal payment that fails (past due) and the end of the period.
   */
  async function portalPage(request: ApiRequest, portal: Obj): Promise<ApiResponse> {
    const returnUrl = safeRedirect(portal.return_url, options.publicUrl);
    const mine = Object.values(state.subscriptions).filter(
      (s) => s.customer === portal.customer && s.status !== 'canceled',
    );
    if (request.method === 'POST') {
      const form = new URLSearchParams(request.body.toString('utf8'));
      const subscription = mine.find((s) => s.id === form.get('subscription'));
      const action = form.get('action');
      if (subscription && action === 'cancel')
        updateSubscription(String(subscription.id), { cancel_at_period_end: 'true' });
      if (subscription && action === 'resume')
        updateSubscription(String(subscription.id), { cancel_at_period_end: 'false' });
      if (subscription && action === 'fail-payment') {
        subscription.status = 'past_due';
        await emit('invoice.payment_failed', {
          id: newId('in'),
          object: 'invoice',
          customer: subscription.customer,
          subscription: subscription.id,
          amount_due: (subscription.items as { data: Obj[] }).data[0]?.price
            ? Number((subscription.items as { data: { price: Obj }[] }).data[0]!.price.unit_amount)
            : 0,
          status: 'open',
          created: now(),
        });
        await emit('customer.subscription.updated', subscription);
      }
      if (subscription?.cancel_at_period_end && action === 'end-period')
        cancelSubscription(String(subscription.id));
      save();
      return {
        status: 303,
        headers: { location: `${options.publicUrl}/stripe-local/portal/${String(portal.id)}` },
      };
    }
    const date = (seconds: number) =>
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(
        seconds * 1000,
      );
    const rows = mine
      .map((s) => {
        const button = (action: string, label: string) =>
          `<form method="post"><input type="hidden" name="subscription" value="${escapeHtml(String(s.id))}"><input type="hidden" name="action" value="${action}"><button type="submit">${escapeHtml(label)}</button></form>`;
        const state = s.cancel_at_period_end
          ? `Cancelled: ends on ${date(periodEnd(s))}`
          : s.status === 'past_due'
            ? 'Payment failed: past due'
            : `Renews on ${date(periodEnd(s))}`;
        return `<section><h2>Subscription</h2><p>${escapeHtml(state)}</p>
${s.cancel_at_period_end ? button('resume', 'Keep my subscription') : button('cancel', 'Cancel at the end of the period')}
<p>Card: test card (change card: nothing to enter on this test page)</p>
<h3>Test steps (the provider does these by itself in time)</h3>
${s.status === 'active' ? button('fail-payment', 'Make the next renewal payment fail (test)') : ''}
${s.cancel_at_period_end ? button('end-period', 'End the paid period now (test)') : ''}</section>`;
      })
      .join('');
    return page(
      'Billing portal (test)',
      `${TEST_BANNER('Test billing portal — no card is charged and no card is stored.')}
<h1>Your subscription</h1>${rows || '<p>No running subscription.</p>'}
<p><a href="${escapeHtml(returnUrl)}">Back to ProMatch</a></p>`,
    );
  }

  return { api, pages };
}
