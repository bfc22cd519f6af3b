import { useSession } from '@promatch/shared';
import { PlanAllowance } from '@promatch/shared/plans';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useBookingsUsed } from '../api/get-bookings-used';

const callsLeft = (count: number) =>
  count === 1
    ? 'You can book 1 more call this month.'
    : `You can book ${count} more calls this month.`;

/**
 * The plan's monthly bookings around the booking form; at the limit a professional is offered
 * Pro (it is for professionals only), a business the date more calls become available.
 */
export function BookingAllowance({ userId, children }: { userId: string; children: ReactNode }) {
  const accountType = useSession((state) => state.accountType);
  const used = useBookingsUsed(userId);
  return (
    <PlanAllowance
      limit="bookings"
      used={used.isSuccess ? used.data : undefined}
      remaining={callsLeft}
      atLimit={
        accountType === 'professional' ? (
          <p>
            Pro has unlimited bookings and costs professionals nothing.{' '}
            <Link to="/plan">Upgrade to Pro</Link>
          </p>
        ) : (
          <p>You can book more calls from the 1st of next month.</p>
        )
      }
    >
      {children}
    </PlanAllowance>
  );
}
