/**
 * Payments fixtures shared by the payments tests and the webhook-storm bench: a business that
 * has hired a professional (a real proposal accepted), the official stripe client pointed at the
 * backend's local provider, calls to the payments function, and webhook events signed with
 * Stripe's scheme.
 */
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { createSignedInUser, must } from './fixtures-rls-world.ts';

/** Fixed keys for the local provider in tests (the backend makes random ones otherwise). */
export const LOCAL_STRIPE_ENV = {
  STRIPE_LOCAL_SECRET_KEY: 'sk_test_local_payments_tests',
  STRIPE_LOCAL_WEBHOOK_SECRET: 'whsec_local_payments_tests',
};

export interface Party {
  id: string;
  client: SupabaseClient;
}

export interface Hire {
  business: Party;
  professional: Party;
  projectId: string;
  /** The draft milestone hiring created: the proposal's price. */
  milestoneId: string;
}

interface ServerLike {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** The official client, configured only by host, port and protocol to reach the local provider. */
export function localStripe(server: ServerLike): Stripe {
  const url = new URL(server.url);
  return new Stripe(LOCAL_STRIPE_ENV.STRIPE_LOCAL_SECRET_KEY, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
  });
}

export async function makeParty(
  server: ServerLike,
  service: SupabaseClient,
  label: string,
  meta: Record<string, unknown>,
): Promise<Party> {
  return createSignedInUser(server, service, `${label}-${randomUUID().slice(0, 8)}@example.com`, {
    name: label,
    ...meta,
  });
}

/** A business posts a fixed-price project, the professional proposes `pounds`, the business accepts. */
export async function hire(
  server: ServerLike,
  service: SupabaseClient,
  pounds: number,
  professional?: Party,
): Promise<Hire> {
  const business = await makeParty(server, service, 'payer', { account_type: 'business' });
  const pro =
    professional ??
    (await makeParty(server, service, 'payee', {
      account_type: 'professional',
      selected_plan: 'pro',
    }));
  const project = must(
    await business.client
      .from('projects')
      .insert({ owner_id: business.id, title: 'Payments API integration', status: 'open' })
      .select('id')
      .single(),
    'post project',
  ) as { id: string };
  const proposal = must(
    await pro.client
      .from('project_applications')
      .insert({
        project_id: project.id,
        professional_id: pro.id,
        cover_letter: 'I can do this.',
        proposed_rate: pounds,
      })
      .select('id')
      .single(),
    'propose',
  ) as { id: string };
  must(
    await business.client
      .from('project_applications')
      .update({ status: 'accepted' })
      .eq('id', proposal.id),
    'accept',
  );
  const milestone = must(
    await business.client.from('milestones').select('id').eq('project_id', project.id).single(),
    'first milestone',
  ) as { id: string };
  return { business, professional: pro, projectId: project.id, milestoneId: milestone.id };
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** POST to the payments function as this client; the status and JSON body whatever they are. */
export async function callPayments(client: SupabaseClient, body: unknown): Promise<Answer> {
  const result = await client.functions.invoke('payments', {
    body: body as Record<string, unknown>,
  });
  if (result.error instanceof FunctionsHttpError) {
    const response = result.error.context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  if (result.error) throw result.error;
  return { status: 200, body: result.data as Record<string, unknown> };
}

/** Follows a hosted page's form the way the browser does: POST, and where it sends you. */
export async function submitHostedPage(url: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', redirect: 'manual' });
  if (response.status !== 303) throw new Error(`hosted page answered ${response.status}`);
  return response.headers.get('location') ?? '';
}

/** A Stripe event as the provider sends it. */
export function event(
  type: string,
  object: Record<string, unknown>,
  extra: { id?: string; created?: number; account?: string } = {},
) {
  return {
    id: extra.id ?? `evt_test_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: extra.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    ...(extra.account ? { account: extra.account } : {}),
    data: { object },
  };
}

/** POSTs an event to the webhook function, signed with Stripe's scheme and `secret`. */
export async function deliver(
  server: ServerLike,
  payload: string,
  secret = LOCAL_STRIPE_ENV.STRIPE_LOCAL_WEBHOOK_SECRET,
): Promise<Answer> {
  const header = localStripe(server).webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(`${server.url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A small seeded generator, so a storm is the same storm every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface StormPlan {
  /** Payloads in delivery order: duplicates included, shuffled. */
  deliveries: string[];
  /** Distinct event ids among them. */
  distinctEvents: number;
  /** What the ledger and the account must say afterwards. */
  expected: {
    charges: Map<string, { amount: number; intent: string }>;
    payouts: Map<string, number>;
    accountStatus: string;
  };
}

/**
 * A webhook storm of exactly `total` deliveries for a hire's milestones (each with a checkout
 * session recorded as `cs_storm_<milestone id>`) and the professional's connected account:
 * every milestone's checkout.session.completed (some also re-sent under a second event id),
 * account.updated events with distinct times whose newest says enabled, payout.paid events, each
 * delivered one to four times, all shuffled.
 */
export function planStorm(
  milestones: { id: string; amount_pence: number }[],
  account: string,
  total: number,
  seed = 29,
): StormPlan {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const events: string[] = [];
  const charges = new Map<string, { amount: number; intent: string }>();
  const payouts = new Map<string, number>();
  for (const m of milestones) {
    const intent = `pi_storm_${m.id.replace(/-/g, '')}`;
    charges.set(m.id, { amount: m.amount_pence, intent });
    const session = {
      id: `cs_storm_${m.id}`,
      object: 'checkout.session',
      amount_total: m.amount_pence,
      currency: 'gbp',
      payment_status: 'paid',
      status: 'complete',
      payment_intent: intent,
      metadata: { milestone_id: m.id },
    };
    events.push(JSON.stringify(event('checkout.session.completed', session)));
    if (random() < 0.3) events.push(JSON.stringify(event('checkout.session.completed', session)));
  }
  const base = Math.floor(Date.now() / 1000) - 10_000;
  const statuses = [
    { payouts_enabled: false, details_submitted: false },
    { payouts_enabled: false, details_submitted: true },
    { payouts_enabled: true, details_submitted: true },
  ];
  const updates = 40;
  for (let i = 0; i < updates; i += 1) {
    const fields = i === updates - 1 ? statuses[2]! : pick(statuses);
    const object = {
      id: account,
      object: 'account',
      charges_enabled: fields.payouts_enabled,
      ...fields,
      capabilities: { transfers: fields.payouts_enabled ? 'active' : 'inactive' },
    };
    events.push(JSON.stringify(event('account.updated', object, { created: base + i * 7 })));
  }
  for (let i = 0; i < 50; i += 1) {
    const amount = 1_000 + Math.floor(random() * 90_000);
    const id = `po_storm_${i}_${Math.floor(random() * 1e9)}`;
    payouts.set(id, amount);
    events.push(
      JSON.stringify(
        event(
          'payout.paid',
          { id, object: 'payout', amount, currency: 'gbp', status: 'paid' },
          { account },
        ),
      ),
    );
  }
  if (events.length > total)
    throw new Error(`a storm of ${total} cannot hold ${events.length} events`);
  const deliveries = [...events];
  while (deliveries.length < total) deliveries.push(pick(events));
  // Fisher-Yates: duplicates and reordering everywhere
  for (let i = deliveries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  return {
    deliveries,
    distinctEvents: events.length,
    expected: { charges, payouts, accountStatus: 'enabled' },
  };
}

/** Sets up `count` draft milestones on one hire, each with a storm checkout session recorded. */
export async function stormHire(
  server: ServerLike,
  service: SupabaseClient,
  count: number,
): Promise<{ deal: Hire; account: string; milestones: { id: string; amount_pence: number }[] }> {
  const deal = await hire(server, service, 500);
  const account = `acct_storm${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  must(
    await service.rpc('payments_save_account', {
      p_user: deal.professional.id,
      p_account: account,
    }),
    'account',
  );
  for (let i = 1; i < count; i += 1) {
    must(
      await deal.business.client.rpc('add_milestone', {
        p_project: deal.projectId,
        p_amount_pence: 10_000 + i * 137,
        p_description: `Storm milestone ${i}`,
      }),
      'add',
    );
  }
  const milestones = must(
    await service
      .from('milestones')
      .select('id, amount_pence')
      .eq('project_id', deal.projectId)
      .order('created_at'),
    'milestones',
  ) as { id: string; amount_pence: number }[];
  for (const m of milestones) {
    must(
      await service.rpc('payments_record_checkout', {
        p_milestone: m.id,
        p_session: `cs_storm_${m.id}`,
      }),
      'session',
    );
  }
  return { deal, account, milestones };
}

/** Delivers every payload with `concurrency` in flight; each answer and its time in ms. */
export async function deliverAll(
  server: ServerLike,
  payloads: string[],
  concurrency: number,
): Promise<{ status: number; outcome: unknown; ms: number }[]> {
  const results: { status: number; outcome: unknown; ms: number }[] = new Array(payloads.length);
  let next = 0;
  const worker = async () => {
    while (next < payloads.length) {
      const index = next;
      next += 1;
      const started = performance.now();
      const answer = await deliver(server, payloads[index]!);
      results[index] = {
        status: answer.status,
        outcome: answer.body.outcome,
        ms: performance.now() - started,
      };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}
