import styled from 'styled-components';
import { VisuallyHidden } from './card';
import { Icon } from './icon';

const Stars = styled.span`
  display: inline-flex;
  gap: 0.1em;
  vertical-align: -0.1em;
  color: ${({ theme }) => theme.colors.warning};
`;

export interface StarRatingProps {
  /** Whole stars, 0 to `outOf`. */
  rating: number;
  outOf?: number;
  /** Draw the stars not earned as outlines too (a form's or a review's full scale). */
  showUnearned?: boolean;
}

/** A rating as SVG stars, read out as 'n out of 5 stars'. */
export function StarRating({ rating, outOf = 5, showUnearned = false }: StarRatingProps) {
  const earned = Math.max(0, Math.min(outOf, Math.round(rating)));
  const drawn = showUnearned ? outOf : earned;
  return (
    <>
      <Stars aria-hidden="true">
        {Array.from({ length: drawn }, (_, index) => (
          <Icon key={index} name="star" filled={index < earned} />
        ))}
      </Stars>
      <VisuallyHidden>
        {earned} out of {outOf} stars
      </VisuallyHidden>
    </>
  );
}

/** The average rating and review count, 'Rated 4.8 (12 reviews)' to a screen reader. */
export function RatingSummary({ rating, reviews }: { rating: number; reviews: number }) {
  if (reviews <= 0) return <>No reviews yet</>;
  return (
    <>
      <Icon name="star" filled label="Rated" /> {Number(rating).toFixed(1)} ({reviews} review
      {reviews === 1 ? '' : 's'})
    </>
  );
}
