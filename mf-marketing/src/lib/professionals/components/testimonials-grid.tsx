import { StarRating, Text } from '@promatch/shared';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { useRecentReviews } from '../api/get-recent-reviews';
import { CardGrid, FillCard } from './card-grid';

const Quote = styled.blockquote`
  margin: ${({ theme }) => theme.space.sm} 0;
`;

const date = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' });

/** Client testimonials: the latest well-rated reviews businesses left on ProMatch. */
export function TestimonialsGrid({ limit }: { limit: number }) {
  const { data, isPending, isError } = useRecentReviews(limit);
  if (isPending) return <p role="status">Loading reviews…</p>;
  if (isError) return <p role="alert">Reviews could not be loaded right now.</p>;
  if (data.length === 0) return <p>No reviews yet: the first ones will appear here.</p>;
  return (
    <CardGrid as="ul">
      {data.map((review) => (
        <li key={review.id}>
          <FillCard as="figure">
            <p>
              <StarRating rating={review.rating} />
            </p>
            <Quote>“{review.comment}”</Quote>
            <Text as="figcaption" $size="sm">
              A business client of{' '}
              {review.professional ? (
                <Link to={`/professional/${review.professional.id}`}>
                  {review.professional.name}
                </Link>
              ) : (
                'a professional'
              )}
              , {date.format(new Date(review.created_at))}
            </Text>
          </FillCard>
        </li>
      ))}
    </CardGrid>
  );
}
