/**
 * Paid plans against the real server, with the official stripe client talking to the backend's
 * local Stripe-speaking provider: a plan given a monthly price is bought through the provider's
 * subscription checkout (a price created for it), and the plan then follows the subscription
 * from signed webhooks: active, past due, cancelled at period end, ended (back to Free). Replayed
 * and out-of-order events change nothing twice; a user cannot set their own subscription.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { must, newClient } from '../support/fixtures-rls-world.ts';
import {
  callPayments,
  deliver,
  event,
  LOCAL_STRIPE_ENV,
  localStripe,
  makeParty,
  submitHostedPage,
  type Party,
} from '../support/payments-helpers.ts';
import { describeEachDb } from '../support/test-server.ts';

jest.setTimeout(90_000);

interface Subscription {
  plan_type: string;
  status: string;
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
}

describeEachDb(
  'paid plans: subscription checkout, billing portal and the provider status',
  ({ server }) => {
    let service: SupabaseClient;
    let pro: Party;
    let business: Party;
    let subscriptionId: string;

    const mine = async (who: Party = pro) =>
      must(
        await who.client
          .from('user_subscriptions')
          .select(
            'plan_type, status, stripe_subscription_id, stripe_customer_id, cancel_at_period_end, current_period_end',
          )
          .eq('user_id', who.id)
          .single(),
        'my subscription',
      ) as Subscription;
    const planNow = async () =>
      (
        must(await pro.client.rpc('get_user_subscription_plan', { user_uuid: pro.id }), 'plan') as {
          plan_type: string;
        }[]
      )[0]!.plan_type;
    /** The provider's webhooks from the client's calls arrive on their own: wait for them. */
    const until = async (check: (s: Subscription) => boolean) => {
      for (let i = 0; i < 50; i += 1) {
        const s = await mine();
        if (check(s)) return s;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return mine();
    };
    const subscriptionObject = (fields: Record<string, unknown>) => ({
      id: subscriptionId,
      object: 'subscription',
      customer: 'cus_x',
      status: 'active',
      cancel_at_period_end: false,
      metadata: { user_id: pro.id, plan_type: 'pro' },
      ...fields,
    });

    beforeAll(async () => {
      const s = server();
      service = newClient(s, s.serviceRoleKey);
      pro = await makeParty(s, service, 'pro', { account_type: 'professional' });
      business = await makeParty(s, service, 'biz', { account_type: 'business' });
      // a super admin gives Pro a price (the BMS plans section writes this row)
      must(
        await service.from('subscription_plans').update({ price_monthly: 12.5 }).eq('type', 'pro'),
        'price pro',
      );
    }, 120_000);

    test('a priced plan is not switched to at once; only professionals open its checkout', async () => {
      const direct = await pro.client.rpc('change_my_plan', { p_plan: 'pro' });
      expect(direct.error).toMatchObject({
        code: '22023',
        message: expect.stringMatching(/subscribe through checkout/),
      });
      const byBusiness = await callPayments(business.client, { action: 'subscribe', plan: 'pro' });
      expect(byBusiness).toEqual({
        status: 403,
        body: { error: 'The Pro plan is for professional accounts.' },
      });
      expect(await callPayments(pro.client, { action: 'subscribe', plan: 'free' })).toEqual({
        status: 409,
        body: { error: 'The Free plan is free: choose it without checkout.' },
      });
      expect((await callPayments(pro.client, { action: 'subscribe', plan: '../x' })).status).toBe(
        400,
      );
      expect(await callPayments(pro.client, { action: 'billing-portal' })).toEqual({
        status: 409,
        body: { error: 'You have no paid subscription to manage.' },
      });
    });

    test('subscribing goes through the provider checkout at the plan price, then the plan is active', async () => {
      const opened = await callPayments(pro.client, { action: 'subscribe', plan: 'pro' });
      expect(opened.status).toBe(200);
      // no price id was set: one was created at the provider from the database's price
      const plan = must(
        await service
          .from('subscription_plans')
          .select('stripe_price_id')
          .eq('type', 'pro')
          .single(),
        'plan',
      ) as { stripe_price_id: string };
      const price = await localStripe(server()).prices.retrieve(plan.stripe_price_id);
      expect(price).toMatchObject({
        unit_amount: 1250,
        currency: 'gbp',
        recurring: { interval: 'month' },
      });
      const session = await localStripe(server()).checkout.sessions.retrieve(
        opened.body.sessionId as string,
      );
      expect(session).toMatchObject({ mode: 'subscription', amount_total: 1250 });
      // a double click opens the same checkout (idempotency key)
      const again = await callPayments(pro.client, { action: 'subscribe', plan: 'pro' });
      expect(again.body.sessionId).toBe(opened.body.sessionId);

      expect(await submitHostedPage(opened.body.url as string)).toMatch(
        /\/plan\?checkout=subscribed$/,
      );
      const now = await until((s) => s.plan_type === 'pro');
      expect(now).toMatchObject({
        plan_type: 'pro',
        status: 'active',
        cancel_at_period_end: false,
      });
      subscriptionId = now.stripe_subscription_id!;
      expect(subscriptionId).toMatch(/^sub_/);
      const days = (Date.parse(now.current_period_end!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29);
      expect(days).toBeLessThan(31);
      expect(await planNow()).toBe('pro');

      // a second subscription is refused; the portal opens instead
      expect((await callPayments(pro.client, { action: 'subscribe', plan: 'pro' })).status).toBe(
        409,
      );
      const portal = await callPayments(pro.client, { action: 'billing-portal' });
      expect(portal.status).toBe(200);
      const page = await (await fetch(portal.body.url as string)).text();
      expect(page).toContain('Test billing portal — no card is charged');
    });

    test('a user cannot set their own subscription, nor apply provider events', async () => {
      const forged = await pro.client
        .from('user_subscriptions')
        .update({ status: 'active', cancel_at_period_end: false, plan_type: 'pro' })
        .eq('user_id', pro.id)
        .select();
      expect(forged.data ?? []).toEqual([]);
      const theirs = await business.client
        .from('user_subscriptions')
        .update({ plan_type: 'pro' })
        .eq('user_id', business.id)
        .select();
      expect(theirs.data ?? []).toEqual([]);
      const rpc = await pro.client.rpc('payments_apply_subscription_event', {
        p_event: event('customer.subscription.deleted', subscriptionObject({ status: 'canceled' })),
      });
      expect(rpc.error?.code).toBe('42501');
      expect((await mine()).status).toBe('active');
    });

    test('a failed renewal makes it past due, once; payment recovered makes it active', async () => {
      const failed = JSON.stringify(
        event('invoice.payment_failed', {
          id: 'in_test',
          object: 'invoice',
          subscription: subscriptionId,
        }),
      );
      expect((await deliver(server(), failed)).body.outcome).toBe('applied');
      expect((await deliver(server(), failed)).body.outcome).toBe('duplicate');
      expect((await mine()).status).toBe('past_due');
      // while past due the plan's perks pause: the user is on Free until the payment succeeds
      expect(await planNow()).toBe('free');
      const recovered = event('customer.subscription.updated', subscriptionObject({}));
      expect((await deliver(server(), JSON.stringify(recovered))).body.outcome).toBe('applied');
      expect((await mine()).status).toBe('active');
      expect(await planNow()).toBe('pro');
    });

    test('cancel at period end keeps the plan; an older event arriving late changes nothing', async () => {
      const stripe = localStripe(server());
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      const cancelled = await until((s) => s.cancel_at_period_end);
      expect(cancelled).toMatchObject({
        plan_type: 'pro',
        status: 'active',
        cancel_at_period_end: true,
      });
      const late = event('customer.subscription.updated', subscriptionObject({}), {
        created: Math.floor(Date.now() / 1000) - 3600,
      });
      expect((await deliver(server(), JSON.stringify(late))).body.outcome).toBe('stale');
      expect((await mine()).cancel_at_period_end).toBe(true);
      // a free plan is not chosen while the paid period runs
      const early = await pro.client.rpc('change_my_plan', { p_plan: 'free' });
      expect(early.error?.message).toMatch(/cancel it in the billing portal/);
    });

    test('when the subscription ends the user is back on Free, and nothing brings it back', async () => {
      await localStripe(server()).subscriptions.cancel(subscriptionId);
      const ended = await until((s) => s.status === 'cancelled');
      expect(ended).toMatchObject({ plan_type: 'free', status: 'cancelled' });
      expect(await planNow()).toBe('free');
      const revived = event('customer.subscription.updated', subscriptionObject({}), {
        created: Math.floor(Date.now() / 1000) + 60,
      });
      expect((await deliver(server(), JSON.stringify(revived))).body.outcome).toBe('no_change');
      expect((await mine()).plan_type).toBe('free');
      // the free plan is still switched to at once
      must(await pro.client.rpc('change_my_plan', { p_plan: 'free' }), 'free');
      expect(await planNow()).toBe('free');
    });

    test('events arriving out of order: each applied once, the newest state wins', async () => {
      const other = await makeParty(server(), service, 'pro2', { account_type: 'professional' });
      const t = Math.floor(Date.now() / 1000);
      const meta = { user_id: other.id, plan_type: 'pro' };
      const sub = {
        id: 'sub_reordered',
        object: 'subscription',
        customer: 'cus_reordered',
        status: 'active',
        cancel_at_period_end: false,
        items: { data: [{ current_period_end: t + 30 * 86_400 }] },
        metadata: meta,
      };
      const send = async (e: ReturnType<typeof event>) =>
        (await deliver(server(), JSON.stringify(e))).body.outcome;
      // the subscription's own event first, the checkout after it
      expect(await send(event('customer.subscription.created', sub, { created: t }))).toBe(
        'applied',
      );
      const checkout = event(
        'checkout.session.completed',
        {
          id: 'cs_reordered',
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          subscription: 'sub_reordered',
          customer: 'cus_reordered',
          metadata: meta,
        },
        { created: t - 1 },
      );
      expect(await send(checkout)).toBe('stale');
      // the end, then an update from before it arriving late, then the end again (replayed)
      const deleted = event(
        'customer.subscription.deleted',
        { ...sub, status: 'canceled', ended_at: t + 2 },
        { created: t + 2 },
      );
      expect(await send(deleted)).toBe('applied');
      expect(
        await send(
          event(
            'customer.subscription.updated',
            { ...sub, cancel_at_period_end: true },
            {
              created: t + 1,
            },
          ),
        ),
      ).toBe('no_change');
      expect(await send(deleted)).toBe('duplicate');
      expect(await mine(other)).toMatchObject({
        plan_type: 'free',
        status: 'cancelled',
        stripe_subscription_id: 'sub_reordered',
      });
      const audit = must(
        await service
          .from('payment_events')
          .select('outcome')
          .in('type', ['customer.subscription.deleted'])
          .eq('provider_created', t + 2),
        'events',
      ) as { outcome: string }[];
      expect(audit).toEqual([{ outcome: 'applied' }]);
    });

    test('a changed monthly price forgets the old price id', async () => {
      must(
        await service.from('subscription_plans').update({ price_monthly: 15 }).eq('type', 'pro'),
        'reprice',
      );
      const plan = must(
        await service
          .from('subscription_plans')
          .select('stripe_price_id')
          .eq('type', 'pro')
          .single(),
        'plan',
      ) as { stripe_price_id: string | null };
      expect(plan.stripe_price_id).toBeNull();
    });
  },
  { env: LOCAL_STRIPE_ENV },
);
