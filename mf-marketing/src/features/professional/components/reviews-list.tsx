import { Card, StarRating } from '@promatch/shared';
import { useProfessionalReviews } from '../api/get-professional-reviews';

const date = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' });

/** The latest reviews: pending, error, then the list (or a note that there are none yet). */
export function ReviewsList({ id }: { id: string }) {
  const { data, isPending, isError } = useProfessionalReviews(id);
  if (isPending) return <p role="status">Loading reviews…</p>;
  if (isError) return <p role="alert">Reviews could not be loaded. Please refresh the page.</p>;
  if (data.length === 0) return <p>No reviews yet.</p>;
  return (
    <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '0.75rem' }}>
      {data.map((review) => (
        <li key={review.id}>
          <Card>
            <p style={{ margin: 0, fontWeight: 600 }}>
              <StarRating rating={review.rating} />
              {' · '}
              {date.format(new Date(review.created_at))}
            </p>
            {review.comment ? <p style={{ marginBottom: 0 }}>{review.comment}</p> : null}
            {review.professional_reply ? (
              <p style={{ marginBottom: 0 }}>
                <strong>Reply from the professional:</strong> {review.professional_reply}
              </p>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
