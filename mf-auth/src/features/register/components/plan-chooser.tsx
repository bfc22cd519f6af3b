import { Badge, FieldGroup } from '@promatch/shared';
import styled from 'styled-components';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { formatGbpPrice } from '@promatch/shared/money';

const Option = styled.label`
  /* Twice the class, so a bordered row beats the field group's plain one-label-per-line rule. */
  && {
    display: flex;
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  gap: 0.75rem;
  align-items: flex-start;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 0.75rem;
  cursor: pointer;
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

function priceLabel(type: string, price: number): string {
  // A free Pro says FREE rather than £0/month; a priced plan shows its price, pence included.
  if (price === 0) return type === 'pro' ? 'FREE for professionals' : '£0/month';
  return `${formatGbpPrice(price)}/month`;
}

function applicationsLabel(limit: number | undefined): string | null {
  if (limit === undefined) return null;
  return limit === -1 ? 'Unlimited applications' : `${limit} applications a month`;
}

/** Professionals choose free or pro from subscription_plans (ordered by price). */
export function PlanChooser({ value, onChange }: { value: string; onChange(type: string): void }) {
  const plans = useSubscriptionPlans();
  if (plans.isPending) return <p>Loading plans...</p>;
  if (plans.isError)
    return <p role="alert">Plans could not be loaded; you start on the free plan.</p>;
  return (
    <FieldGroup>
      <legend>Choose your plan</legend>
      {plans.data.map((plan) => (
        <Option key={plan.type}>
          <input
            type="radio"
            name="selectedPlan"
            value={plan.type}
            checked={value === plan.type}
            onChange={() => onChange(plan.type)}
          />
          <span>
            <strong>{plan.name}</strong>{' '}
            {plan.type === 'pro' ? <Badge $tone="primary">Most Popular</Badge> : null}
            <br />
            {priceLabel(plan.type, plan.price_monthly)}
            {' · '}
            {plan.commission_rate}% platform fee
            {applicationsLabel(plan.limits?.monthly_applications)
              ? ` · ${applicationsLabel(plan.limits.monthly_applications)}`
              : ''}
          </span>
        </Option>
      ))}
    </FieldGroup>
  );
}
