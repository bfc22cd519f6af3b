import { useReview, type ReviewSubject } from './reviews-api';
import { ReplyForm, ReviewForm } from './review-forms';
import { Stars } from './stars';

export interface ReviewPanelProps {
  subject: ReviewSubject;
  professionalId: string;
  /** The professional's name. */
  name: string;
  /** Who is looking: the business writes the review, the professional replies. */
  as: 'business' | 'professional';
}

/**
 * The review of a completed project or call: the business writes it once; the professional
 * replies once. Both appear on the professional's public profile and count in their rating.
 */
export function ReviewPanel({ subject, professionalId, name, as }: ReviewPanelProps) {
  const review = useReview(subject);
  if (review.isPending) return <p role="status">Loading the review…</p>;
  if (review.isError)
    return <p role="alert">The review could not be loaded: {review.error.message}</p>;
  const r = review.data;
  if (!r) {
    return as === 'business' ? (
      <ReviewForm subject={subject} professionalId={professionalId} name={name} />
    ) : (
      <p>
        The business has not reviewed this {subject.kind === 'project' ? 'project' : 'call'} yet.
      </p>
    );
  }
  return (
    <>
      <p>
        <Stars rating={r.rating} />
      </p>
      <p>{r.comment}</p>
      {r.professional_reply ? (
        <p>
          <strong>Reply from {name}:</strong> {r.professional_reply}
        </p>
      ) : as === 'professional' ? (
        <ReplyForm review={r} />
      ) : null}
    </>
  );
}
