import { retentionPeriodText } from './retention-period';

describe('retentionPeriodText', () => {
  it('puts the period before the note, in the plural when more than one', () => {
    expect(
      retentionPeriodText({ period_count: 24, period_unit: 'month', note: 'then deleted' }),
    ).toBe('24 months, then deleted');
    expect(retentionPeriodText({ period_count: 1, period_unit: 'day', note: 'then deleted' })).toBe(
      '1 day, then deleted',
    );
  });

  it('shows the note alone for data kept while the account is open', () => {
    expect(
      retentionPeriodText({
        period_count: null,
        period_unit: null,
        note: 'While your account is open',
      }),
    ).toBe('While your account is open');
  });
});
