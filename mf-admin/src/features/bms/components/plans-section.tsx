import { Button, Card, DataTable, type Json, toast } from '@promatch/shared';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { formatWhen } from '../../../lib/format';
import { CheckLabel, ErrorText, SectionHeading } from '../../../lib/ui';
import { usePlanHistory } from '../api/get-plan-history';
import { useSubscriptionPlans, type Plan } from '../api/get-subscription-plans';
import { useSavePlan } from '../api/save-plan';

const FEATURES = [
  'profile_creation',
  'basic_analytics',
  'advanced_analytics',
  'featured_profile',
  'profile_verification_badge',
  'identity_verification',
  'unlimited_applications',
  'early_project_access',
] as const;
const LIMITS = ['monthly_applications', 'bookings', 'projects', 'file_storage'] as const;

const label = (key: string) => key.replace(/_/g, ' ');
const record = (value: Json): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: 0.5rem 1rem;
  label {
    display: grid;
    gap: 0.2rem;
  }
  input[type='number'],
  input[type='text'] {
    font: inherit;
    padding: 0.4rem 0.55rem;
  }
`;

function PlanEditor({ plan }: { plan: Plan }) {
  const [error, setError] = useState<string | null>(null);
  const save = useSavePlan(plan.id);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const number = (name: string) => Number(form.get(name));
    const limits = Object.fromEntries(LIMITS.map((l) => [l, number(`limit-${l}`)]));
    if (Object.values(limits).some((v) => !Number.isInteger(v) || v < -1)) {
      setError('Limits are whole numbers; -1 means unlimited.');
      return;
    }
    const commission = number('commission_rate');
    const price = number('price_monthly');
    if (!(commission >= 0 && commission <= 100) || !(price >= 0)) {
      setError('The platform fee is 0 to 100 per cent and the price 0 or more.');
      return;
    }
    const priceId = String(form.get('stripe_price_id') ?? '').trim();
    if (priceId && !/^price_[A-Za-z0-9_]{1,200}$/.test(priceId)) {
      setError('A provider price id looks like price_… (or leave it blank).');
      return;
    }
    try {
      await save.mutateAsync({
        name: String(form.get('name') ?? plan.name).trim() || plan.name,
        price_monthly: price,
        stripe_price_id: priceId || null,
        commission_rate: commission,
        is_active: form.get('is_active') === 'on',
        features: Object.fromEntries(FEATURES.map((f) => [f, form.get(`feature-${f}`) === 'on'])),
        limits,
      });
      toast({
        title: `${plan.name} plan saved`,
        description: 'Users get it on their next plan lookup.',
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Could not save');
    }
  };
  const features = record(plan.features);
  const limits = record(plan.limits);
  return (
    <Card
      as="form"
      onSubmit={(e: FormEvent<HTMLFormElement>) => void submit(e)}
      aria-label={`${plan.name} plan`}
    >
      <h3>
        {plan.name} ({plan.type})
      </h3>
      <Grid>
        <label>
          Name
          <input type="text" name="name" defaultValue={plan.name} />
        </label>
        <label>
          Price per month (£)
          <input
            type="number"
            name="price_monthly"
            min={0}
            step="0.01"
            defaultValue={plan.price_monthly}
          />
        </label>
        <div>
          <label>
            Provider price id (Stripe)
            <input
              type="text"
              name="stripe_price_id"
              placeholder="blank: created at the first checkout"
              defaultValue={plan.stripe_price_id ?? ''}
              aria-describedby={`price-id-help-${plan.type}`}
            />
          </label>
          <small id={`price-id-help-${plan.type}`}>
            The monthly price professionals are charged at checkout. It must charge the price above;
            changing the price without a new id clears it.
          </small>
        </div>
        <label>
          Platform fee (%)
          <input
            type="number"
            name="commission_rate"
            min={0}
            max={100}
            step="0.01"
            defaultValue={plan.commission_rate}
          />
        </label>
        {LIMITS.map((l) => (
          <label key={l}>
            Limit: {label(l)} (-1 unlimited)
            <input
              type="number"
              name={`limit-${l}`}
              min={-1}
              step={1}
              defaultValue={Number(limits[l] ?? 0)}
            />
          </label>
        ))}
      </Grid>
      <fieldset>
        <legend>Features of {plan.name}</legend>
        <Grid>
          {FEATURES.map((f) => (
            <CheckLabel key={f}>
              <input type="checkbox" name={`feature-${f}`} defaultChecked={features[f] === true} />{' '}
              {label(f)}
            </CheckLabel>
          ))}
        </Grid>
      </fieldset>
      <label>
        <input type="checkbox" name="is_active" defaultChecked={plan.is_active} /> Offered to users
      </label>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <p>
        <Button type="submit" $size="sm" disabled={save.isPending}>
          Save {plan.name} plan
        </Button>
      </p>
    </Card>
  );
}

export function PlansSection() {
  const plans = useSubscriptionPlans();
  const history = usePlanHistory(plans.dataUpdatedAt);
  const changed = (before: Json, after: Json) => {
    const b = record(before);
    const a = record(after);
    return [
      'name',
      'price_monthly',
      'stripe_price_id',
      'commission_rate',
      'is_active',
      'features',
      'limits',
    ]
      .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
      .map((k) => `${label(k)}: ${JSON.stringify(b[k])} → ${JSON.stringify(a[k])}`)
      .join('; ');
  };
  return (
    <section aria-labelledby="plans-heading">
      <SectionHeading id="plans-heading">Subscription plans</SectionHeading>
      {plans.error ? <ErrorText role="alert">{plans.error.message}</ErrorText> : null}
      {plans.data?.map((plan) => (
        <PlanEditor key={`${plan.id}-${plan.updated_at}`} plan={plan} />
      ))}
      <DataTable caption="Plan change history" columns={['When', 'Plan', 'Change']}>
        {(history.data ?? []).map((h) => (
          <tr key={h.id}>
            <td>{formatWhen(h.occurred_at)}</td>
            <td>{String(record(h.after ?? h.before).name ?? h.target_id)}</td>
            <td>{h.action === 'update' ? changed(h.before, h.after) : h.action}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
