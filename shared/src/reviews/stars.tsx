import { VisuallyHidden } from '../ui/card';

/** A rating as stars, read out as 'n out of 5 stars'. */
export const Stars = ({ rating }: { rating: number }) => (
  <>
    <span aria-hidden="true">{'★'.repeat(rating) + '☆'.repeat(5 - rating)}</span>
    <VisuallyHidden>{rating} out of 5 stars</VisuallyHidden>
  </>
);
