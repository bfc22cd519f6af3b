import { Badge, Button, Card, Page, useSession, type UserSubscription } from '@promatch/shared';
import { formatGbpPrice } from '@promatch/shared/money';
import { PLAN_FEATURES, PLAN_LIMITS, type ActivePlan } from '@promatch/shared/plans';
import { useSearchParams } from 'react-router-dom';
import { usePlans } from '../api/get-plans';
import { useMyUsage, type Usage } from '../../../lib/plan-usage';
import { useStorageUsage } from '../../../lib/storage-usage/get-storage-usage';
import { useChangePlan } from '../api/change-plan';
import { useBillingPortal, useMyBilling, useSubscribe, type Billing } from '../api/billing';
import { FEATURE_LABELS, LIMIT_LABELS } from './plan-labels';
import { UsageMeter } from './usage-meter';

const MB = 1024 * 1024;

/**
 * This month's counters, with file storage as what the user stores now (in MB, one decimal):
 * uploads are measured by the storage quota, not counted in subscription_usage.
 */
function useLimitsUsed(userId: string) {
  const counters = useMyUsage(userId);
  const storage = useStorageUsage();
  if (counters.isError) return { isPending: false, error: counters.error, data: undefined };
  if (storage.isError) return { isPending: false, error: storage.error, data: undefined };
  if (!counters.isSuccess || !storage.isSuccess)
    return { isPending: true, error: null, data: undefined };
  const data: Usage = {
    ...counters.data,
    file_storage: Math.round((storage.data.usedBytes / MB) * 10) / 10,
  };
  return { isPending: false, error: null, data };
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(
    new Date(iso),
  );

/** What the provider is charging, from the subscription its webhooks recorded. */
function PaidSubscription({ billing, price }: { billing: Billing; price: number | undefined }) {
  const portal = useBillingPortal();
  const end = billing.currentPeriodEnd ? longDate(billing.currentPeriodEnd) : null;
  return (
    <div aria-label="Your subscription">
      {billing.status === 'past_due' ? (
        <p role="alert">
          Your last monthly payment failed. Until it is paid your account has the Free plan&apos;s
          limits and fee; update your card in the billing portal.
        </p>
      ) : billing.cancelAtPeriodEnd ? (
        <p>
          Cancelled: you keep this plan until {end ?? 'the end of the paid month'}, then move to the
          Free plan. Nothing more is charged.
        </p>
      ) : (
        <p>
          {price !== undefined
            ? `${formatGbpPrice(price)} a month by card`
            : 'Paid monthly by card'}
          {end ? `; next payment on ${end}` : ''}.
        </p>
      )}
      <Button
        type="button"
        $variant="outline"
        disabled={portal.isPending}
        onClick={() => portal.mutate()}
      >
        Manage billing (change card or cancel)
      </Button>
      {portal.isError ? <p role="alert">{portal.error.message}</p> : null}
    </div>
  );
}

function CurrentPlan({
  userId,
  plan,
  price,
}: {
  userId: string;
  plan: UserSubscription;
  price: number | undefined;
}) {
  const usage = useLimitsUsed(userId);
  const billing = useMyBilling(userId);
  const running =
    billing.data?.paid && billing.data.status !== 'cancelled' ? billing.data : undefined;
  return (
    <Card as="section" aria-labelledby="current-plan">
      <h2 id="current-plan">
        Your plan: {plan.plan_name} <Badge $tone="primary">Current</Badge>
      </h2>
      <p>{plan.commission_rate}% platform fee on work you win.</p>
      {running ? <PaidSubscription billing={running} price={price} /> : null}
      {billing.data?.paid &&
      billing.data.status === 'cancelled' &&
      billing.data.currentPeriodEnd ? (
        <p>Your paid subscription ended on {longDate(billing.data.currentPeriodEnd)}.</p>
      ) : null}
      <h3>Usage</h3>
      {usage.isPending ? <p role="status">Loading usage…</p> : null}
      {usage.error ? <p role="alert">Usage could not be loaded: {usage.error.message}</p> : null}
      {usage.data
        ? PLAN_LIMITS.filter((limit) => typeof plan.limits[limit] === 'number').map((limit) => (
            <UsageMeter
              key={limit}
              label={LIMIT_LABELS[limit]}
              used={usage.data[limit] ?? 0}
              limit={plan.limits[limit]!}
            />
          ))
        : null}
      <h3>Features</h3>
      <ul aria-label="Features of your plan">
        {PLAN_FEATURES.map((feature) => (
          <li key={feature}>
            {plan.features[feature] ? 'Included: ' : 'Not included: '}
            {FEATURE_LABELS[feature]}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Plans come in display order (cheapest, then sort_order): a later one is an upgrade. */
function OtherPlan({
  plan,
  isUpgrade,
  paying,
}: {
  plan: ActivePlan;
  isUpgrade: boolean;
  /** A paid subscription is running: other plans wait until it is cancelled and has ended. */
  paying: boolean;
}) {
  const change = useChangePlan();
  const subscribe = useSubscribe();
  const verb = isUpgrade ? 'Upgrade' : 'Move';
  const price = Number(plan.price_monthly);
  if (paying)
    return (
      <Card as="article" aria-labelledby={`plan-${plan.type}`}>
        <h3 id={`plan-${plan.type}`}>{plan.name}</h3>
        <p>{plan.description}</p>
        <p>
          {plan.commission_rate}% platform fee
          {price > 0 ? `; ${formatGbpPrice(price)} a month` : ''}
        </p>
        <p>
          Your paid subscription is running: cancel it with Manage billing, and you can choose
          another plan once it has ended.
        </p>
      </Card>
    );
  if (price > 0)
    return (
      <Card as="article" aria-labelledby={`plan-${plan.type}`}>
        <h3 id={`plan-${plan.type}`}>{plan.name}</h3>
        <p>{plan.description}</p>
        <p>{plan.commission_rate}% platform fee</p>
        <p>
          {formatGbpPrice(price)} a month, charged by card when you subscribe and then on the same
          day each month until you cancel. Cancelling keeps the plan to the end of the paid month.
        </p>
        <Button
          type="button"
          $variant="cta"
          disabled={subscribe.isPending}
          onClick={() => subscribe.mutate(plan.type)}
        >
          Subscribe to {plan.name}: {formatGbpPrice(price)} a month
        </Button>
        {subscribe.isError ? <p role="alert">{subscribe.error.message}</p> : null}
      </Card>
    );
  return (
    <Card as="article" aria-labelledby={`plan-${plan.type}`}>
      <h3 id={`plan-${plan.type}`}>{plan.name}</h3>
      <p>{plan.description}</p>
      <p>{plan.commission_rate}% platform fee</p>
      <Button
        type="button"
        $variant={isUpgrade ? 'cta' : 'outline'}
        disabled={change.isPending}
        onClick={() => change.mutate(plan.type)}
      >
        {verb} to {plan.name}
      </Button>
      {change.isError ? <p role="alert">{change.error.message}</p> : null}
    </Card>
  );
}

/** The plans page: current plan, its features, limits and this month's usage; changing plan. */
export function PlansPage() {
  const user = useSession((state) => state.user);
  const accountType = useSession((state) => state.accountType);
  const subscription = useSession((state) => state.subscription);
  const plans = usePlans();
  const billing = useMyBilling(user?.id);
  const paying = Boolean(billing.data?.paid && billing.data.status !== 'cancelled');
  const [search] = useSearchParams();
  if (!user || !subscription) {
    return (
      <Page heading="Plans and usage">
        <p role="status">Loading your plan…</p>
      </Page>
    );
  }
  const all = plans.data ?? [];
  const currentIndex = all.findIndex((plan) => plan.type === subscription.plan_type);
  const anyPaid = all.some((plan) => Number(plan.price_monthly) > 0);
  const checkout = search.get('checkout');
  return (
    <Page
      heading="Plans and usage"
      lead="Your plan, what it includes and what you have used this month."
    >
      {checkout === 'subscribed' ? (
        <p role="status">
          Thank you: your subscription is paid. Your plan below changes as soon as the payment
          provider confirms it.
        </p>
      ) : checkout === 'cancelled' ? (
        <p role="status">Checkout was cancelled: nothing was charged.</p>
      ) : null}
      <CurrentPlan
        userId={user.id}
        plan={subscription}
        price={all[currentIndex] ? Number(all[currentIndex].price_monthly) : undefined}
      />
      <section aria-labelledby="change-plan">
        <h2 id="change-plan">Change plan</h2>
        {anyPaid ? (
          <p>
            A free plan applies at once. A plan with a monthly price starts when its first payment
            is made through checkout. Usage already counted this month stays counted.
          </p>
        ) : (
          <p>
            Both plans cost professionals nothing, so changing plan takes no payment and applies at
            once. Usage already counted this month stays counted.
          </p>
        )}
        {accountType === 'business' ? (
          <p>
            Plans are for professional accounts. As a business you post projects, search and hire
            without a subscription.
          </p>
        ) : plans.isError ? (
          <p role="alert">Plans could not be loaded: {plans.error.message}</p>
        ) : (
          all.map((plan, index) =>
            index === currentIndex ? null : (
              <OtherPlan
                key={plan.type}
                plan={plan}
                isUpgrade={index > currentIndex}
                paying={paying}
              />
            ),
          )
        )}
      </section>
    </Page>
  );
}
