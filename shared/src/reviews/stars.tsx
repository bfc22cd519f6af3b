import { StarRating } from '../ui/star-rating';

/** A review's rating on the full five-star scale, read out as 'n out of 5 stars'. */
export const Stars = ({ rating }: { rating: number }) => (
  <StarRating rating={rating} showUnearned />
);
