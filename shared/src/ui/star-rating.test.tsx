import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { RatingSummary, StarRating } from './star-rating';

it('draws the earned stars filled and names the rating in words', () => {
  const { container } = renderWithProviders(<StarRating rating={3} showUnearned />);
  const stars = [...container.querySelectorAll('svg')];
  expect(stars).toHaveLength(5);
  expect(stars.map((star) => star.getAttribute('fill'))).toEqual([
    'currentColor',
    'currentColor',
    'currentColor',
    'none',
    'none',
  ]);
  expect(screen.getByText('3 out of 5 stars')).toBeInTheDocument();
});

it('draws only the earned stars unless asked for the whole scale, and clamps the rating', () => {
  const { container } = renderWithProviders(<StarRating rating={7} />);
  expect(container.querySelectorAll('svg')).toHaveLength(5);
  expect(screen.getByText('5 out of 5 stars')).toBeInTheDocument();
});

it('summarises a rating with a named star, or says there are no reviews', () => {
  const many = renderWithProviders(<RatingSummary rating={4.83} reviews={12} />);
  expect(screen.getByRole('img', { name: 'Rated' })).toBeInTheDocument();
  expect(many.container).toHaveTextContent('4.8 (12 reviews)');
  many.unmount();
  const one = renderWithProviders(<RatingSummary rating={5} reviews={1} />);
  expect(one.container).toHaveTextContent('5.0 (1 review)');
  one.unmount();
  const none = renderWithProviders(<RatingSummary rating={0} reviews={0} />);
  expect(none.container).toHaveTextContent('No reviews yet');
  expect(none.container.querySelector('svg')).toBeNull();
});
