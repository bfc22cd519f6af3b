import { parseFilters, serializeFilters } from './search-params';

describe('search filters in the URL', () => {
  it('round-trips every filter', () => {
    const query =
      'q=react&category=design&location=Leeds&rate_min=40&rate_max=90&rating=4.5&verified=1&availability=available&sort=rating&page=3';
    const filters = parseFilters(new URLSearchParams(query));
    expect(filters).toMatchObject({
      q: 'react',
      rateMin: 40,
      minRating: 4.5,
      verified: true,
      page: 3,
    });
    expect(serializeFilters(filters).toString()).toBe(query);
  });

  it('ignores malformed values and leaves defaults out', () => {
    const filters = parseFilters(
      new URLSearchParams('sort=evil&page=-2&rate_min=abc&availability=x'),
    );
    expect(filters).toMatchObject({
      sort: 'relevance',
      page: 1,
      rateMin: undefined,
      availability: '',
    });
    expect(serializeFilters(filters).toString()).toBe('');
  });
});
