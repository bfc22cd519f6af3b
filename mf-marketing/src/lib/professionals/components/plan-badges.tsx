import { Badge } from '@promatch/shared';
import type { ProfessionalCard } from '../types';

/**
 * The two badges a professional's plan earns (search_professionals and the profile read say
 * which, from the plan's flags): 'Featured' for featured placement, 'Pro' for the Pro badge.
 */
export function PlanBadges({
  professional,
}: {
  professional: Pick<ProfessionalCard, 'featured' | 'pro_badge'>;
}) {
  return (
    <>
      {professional.featured ? <Badge $tone="primary">Featured</Badge> : null}
      {professional.pro_badge ? (
        <Badge $tone="primary" title="On the Pro plan">
          Pro
        </Badge>
      ) : null}
    </>
  );
}
