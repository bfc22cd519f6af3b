import { Text } from '@promatch/shared';
import { ReviewPanel } from '@promatch/shared/reviews';
import type { Appointment } from '../utils/appointment-state';

/**
 * The review of a call that took place: the business reviews the professional once for this
 * call, the professional replies once; it counts in the professional's public rating.
 */
export function CallReview({ appointment, userId }: { appointment: Appointment; userId: string }) {
  const headingId = `call-review-${appointment.id}`;
  return (
    <section aria-labelledby={headingId}>
      <Text as="h4" id={headingId} $flush>
        Review of this call
      </Text>
      <ReviewPanel
        subject={{ kind: 'appointment', id: appointment.id }}
        professionalId={appointment.professional_id}
        name={appointment.professional?.name || 'the professional'}
        as={appointment.business_id === userId ? 'business' : 'professional'}
      />
    </section>
  );
}
