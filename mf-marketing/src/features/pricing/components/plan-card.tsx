import { Badge, Button, Text } from '@promatch/shared';
import type { ActivePlan } from '@promatch/shared/plans';
import { Link } from 'react-router-dom';
import { formatGbp, formatGbpPrice } from '@promatch/shared/money';
import styled from 'styled-components';
import { FillCard } from '../../../lib/professionals/components/card-grid';

const Price = styled(Text)`
  margin: ${({ theme }) => theme.space.xs} 0;
`;

/**
 * The plan perks the product delivers today, in the words the card uses. A plan may carry other
 * flags; a flag appears here, and so on the
 * page, only once its feature works (docs/decisions/0044-public-pages-promise-only-what-exists.md).
 */
const FEATURE_LABELS: Partial<Record<string, string>> = {
  profile_creation: 'Public profile in search',
  basic_analytics: 'Profile views and search appearances on your dashboard',
  advanced_analytics: 'Advanced analytics: your response rate and response time',
  identity_verification: 'Identity verification by our team, with a Verified badge',
  unlimited_applications: 'Unlimited project applications',
  featured_profile:
    'Featured placement: listed first among equal search results, labelled Featured',
  profile_verification_badge: 'Pro badge on your profile and search card',
  early_project_access: 'Early access to newly posted projects',
};

/** The plan's limits, each counted by the database when the thing is done. */
const limitText = (value: number | undefined, unit: string) =>
  value === undefined ? null : value === -1 ? `Unlimited ${unit}` : `${value} ${unit}`;

/** One plan: price, platform fee and limits from the database; 'Most Popular' on pro. */
export function PlanCard({ plan }: { plan: ActivePlan }) {
  const limits = [
    limitText(plan.limits.monthly_applications, 'applications a month'),
    limitText(plan.limits.bookings, 'calls booked a month'),
    limitText(plan.limits.projects, 'projects a month'),
    plan.limits.file_storage === undefined
      ? null
      : `${plan.limits.file_storage >= 1024 ? `${plan.limits.file_storage / 1024} GB` : `${plan.limits.file_storage} MB`} file storage`,
  ].filter(Boolean);
  const price = Number(plan.price_monthly);
  return (
    <FillCard as="article" aria-labelledby={`plan-${plan.type}`}>
      {plan.type === 'pro' ? <Badge $tone="primary">Most Popular</Badge> : null}
      <h2 id={`plan-${plan.type}`}>{plan.name}</h2>
      <Price $size="xl" $weight={700}>
        {price === 0
          ? plan.type === 'pro'
            ? 'FREE'
            : `${formatGbp(0)}/month`
          : `${formatGbpPrice(price)}/month`}
      </Price>
      {price > 0 ? (
        <p>
          Charged by card when you subscribe, then monthly on the same day until you cancel;
          cancelling keeps the plan to the end of the paid month.
        </p>
      ) : null}
      <p>{plan.description}</p>
      <p>
        <strong>{Number(plan.commission_rate)}% platform fee</strong>
      </p>
      <ul>
        {limits.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {Object.entries(plan.features)
          .filter(([key, enabled]) => enabled && FEATURE_LABELS[key])
          .map(([key]) => (
            <li key={key}>{FEATURE_LABELS[key]}</li>
          ))}
      </ul>
      <Button
        as={Link}
        to={`/register?plan=${plan.type}`}
        $variant={plan.type === 'pro' ? 'cta' : 'outline'}
      >
        Choose {plan.name}
      </Button>
    </FillCard>
  );
}
