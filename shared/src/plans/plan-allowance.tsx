import type { ReactNode } from 'react';
import { useSession } from '@promatch/shared';
import { checkFeatureAccess, limitReachedMessage, type PlanLimit } from './feature-access';

/** The refusal at a plan's limit, in the database's words, and what the user can do next. */
export function PlanLimitNotice({
  limit,
  max,
  planName,
  children,
}: {
  limit: PlanLimit;
  max: number;
  planName: string;
  /** What comes next: when more become available, or the upgrade that lifts the limit. */
  children: ReactNode;
}) {
  return (
    <div role="alert">
      <p>{limitReachedMessage(limit, max, planName)}</p>
      {children}
    </div>
  );
}

export interface PlanAllowanceProps {
  limit: PlanLimit;
  /** This month's use of `limit`; undefined while it loads (the form shows, no count yet). */
  used: number | undefined;
  /** The line above the form while some are left, e.g. "You can post 3 more projects this month." */
  remaining: (count: number) => string;
  /** Under the refusal at the limit. */
  atLimit: ReactNode;
  /** The form the plan allows. */
  children: ReactNode;
}

/**
 * A form a plan meters (a project, a booked call): how many are left this month above it, or, at
 * the limit, why it is not offered. The database enforces the same limit when the row is stored;
 * this only spares the user a form it would refuse.
 */
export function PlanAllowance({ limit, used, remaining, atLimit, children }: PlanAllowanceProps) {
  const subscription = useSession((state) => state.subscription);
  const access = checkFeatureAccess(subscription, { limit, usage: used ?? 0 });
  if (!access.allowed && access.reason === 'limit-reached' && subscription) {
    return (
      <PlanLimitNotice limit={limit} max={access.limit} planName={subscription.plan_name}>
        {atLimit}
      </PlanLimitNotice>
    );
  }
  const left = access.allowed && used !== undefined ? access.remaining : null;
  return (
    <>
      {left !== null ? <p>{remaining(left)}</p> : null}
      {children}
    </>
  );
}
