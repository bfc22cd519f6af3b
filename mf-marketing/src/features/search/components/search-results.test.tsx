import { resultsHeading } from './search-results';

describe('resultsHeading', () => {
  it('counts exactly below the cap', () => {
    expect(resultsHeading({ total: 24, total_capped: false }, 13, 24)).toBe(
      '24 professionals found · showing 13–24',
    );
    expect(resultsHeading({ total: 1 }, 1, 1)).toBe('1 professional found · showing 1–1');
  });

  it('says "1,000+" when the count stopped at its cap', () => {
    expect(resultsHeading({ total: 1000, total_capped: true }, 1, 12)).toBe(
      '1,000+ professionals found · showing 1–12',
    );
  });
});
