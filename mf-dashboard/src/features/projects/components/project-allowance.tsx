import { useSession } from '@promatch/shared';
import { PlanAllowance } from '@promatch/shared/plans';
import type { ReactNode } from 'react';
import { useMyUsage } from '../../../lib/plan-usage';

const projectsLeft = (count: number) =>
  count === 1
    ? 'You can post 1 more project this month.'
    : `You can post ${count} more projects this month.`;

/** The plan's monthly projects around the new-project form. */
export function ProjectAllowance({ children }: { children: ReactNode }) {
  const user = useSession((state) => state.user);
  const usage = useMyUsage(user?.id ?? '');
  return (
    <PlanAllowance
      limit="projects"
      used={usage.isSuccess ? (usage.data.projects ?? 0) : undefined}
      remaining={projectsLeft}
      atLimit={<p>You can post more projects from the 1st of next month.</p>}
    >
      {children}
    </PlanAllowance>
  );
}
