import { parseFilters, serializeFilters } from './search-params';

describe('search filters in the URL', () => {
  it('round-trips every filter', () => {
    const query =
      'q=react&category=ux-ui-design&location=Leeds&rate_min=40&rate_max=90&rating=4.5&verified=1&availability=available&sort=rating&page=3';
    const filters = parseFilters(new URLSearchParams(query));
    expect(filters).toMatchObject({
      q: 'react',
      category: 'ux-ui-design',
      rateMin: 40,
      minRating: 4.5,
      verified: true,
      page: 3,
    });
    expect(serializeFilters(filters).toString()).toBe(query);
  });

  it('reads a category by slug or by its lower-case name', () => {
    expect(parseFilters(new URLSearchParams('category=ux%2Fui+design')).category).toBe(
      'ux-ui-design',
    );
    expect(parseFilters(new URLSearchParams('category=Cybersecurity')).category).toBe(
      'cybersecurity',
    );
  });

  it('ignores malformed values and leaves defaults out', () => {
    const filters = parseFilters(
      new URLSearchParams('sort=evil&page=-2&rate_min=abc&availability=x&category=design'),
    );
    expect(filters).toMatchObject({
      category: '',
      sort: 'relevance',
      page: 1,
      rateMin: undefined,
      availability: '',
    });
    expect(serializeFilters(filters).toString()).toBe('');
  });
});
