import { Card, PlainList, StarRating, Text } from '@promatch/shared';
import { useProfessionalReviews } from '../api/get-professional-reviews';

const date = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' });

/** The latest reviews: pending, error, then the list (or a note that there are none yet). */
export function ReviewsList({ id }: { id: string }) {
  const { data, isPending, isError } = useProfessionalReviews(id);
  if (isPending) return <p role="status">Loading reviews…</p>;
  if (isError) return <p role="alert">Reviews could not be loaded. Please refresh the page.</p>;
  if (data.length === 0) return <p>No reviews yet.</p>;
  return (
    <PlainList $gap="md">
      {data.map((review) => (
        <li key={review.id}>
          <Card>
            <Text $weight={600}>
              <StarRating rating={review.rating} />
              {' · '}
              {date.format(new Date(review.created_at))}
            </Text>
            {review.comment ? <p>{review.comment}</p> : null}
            {review.professional_reply ? (
              <p>
                <strong>Reply from the professional:</strong> {review.professional_reply}
              </p>
            ) : null}
          </Card>
        </li>
      ))}
    </PlainList>
  );
}
