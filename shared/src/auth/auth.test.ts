import { needsSecondFactor, tokenAssuranceLevel } from './assurance';
import { safeReturnTo } from './return-to';

const token = (claims: object) =>
  `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

describe('safeReturnTo', () => {
  it.each([
    'https://evil.example/x',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '',
    null,
  ])('refuses %p', (value) => expect(safeReturnTo(value)).toBe('/dashboard'));

  it('keeps same-site paths with their query', () => {
    expect(safeReturnTo('/professional/42?tab=reviews')).toBe('/professional/42?tab=reviews');
  });
});

describe('second factor', () => {
  it('reads the aal claim', () => {
    expect(tokenAssuranceLevel(token({ aal: 'aal2' }))).toBe('aal2');
    expect(tokenAssuranceLevel('garbage')).toBe('aal1');
  });

  it('requires the code only for users with a verified factor on an aal1 session', () => {
    const verified = [{ status: 'verified' }];
    expect(
      needsSecondFactor({ access_token: token({ aal: 'aal1' }), user: { factors: verified } }),
    ).toBe(true);
    expect(
      needsSecondFactor({ access_token: token({ aal: 'aal2' }), user: { factors: verified } }),
    ).toBe(false);
    expect(
      needsSecondFactor({
        access_token: token({ aal: 'aal1' }),
        user: { factors: [{ status: 'unverified' }] },
      }),
    ).toBe(false);
  });
});
