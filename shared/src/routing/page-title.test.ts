import { formatPageTitle } from './page-title';

test('every page title ends with the shared suffix', () => {
  expect(formatPageTitle('Pricing')).toBe('Pricing | ProMatch - Professional Services Platform');
  expect(formatPageTitle()).toBe('ProMatch - Professional Services Platform');
});
