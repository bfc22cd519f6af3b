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
