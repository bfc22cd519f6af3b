import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const PUBLIC_PAGES = [
  '/',
  '/contact',
  '/pricing',
  '/terms',
  '/privacy',
  '/cookies',
  '/gdpr',
  '/compliance',
  '/search?q=react',
  '/search?q=zzqxv',
  '/browse-professionals?category=ux-ui-design',
  '/how-it-works',
  '/for-professionals',
  '/for-business',
  '/testimonials',
  '/technical-specs',
  '/analytics',
  '/performance',
  '/enterprise',
  `/unsubscribe?email=reader%40example.com&token=${'0'.repeat(64)}`,
];

async function seriousViolations(page: import('@playwright/test').Page) {
  // the marketing remote renders inside the shell's <main>; the shell has its own checks
  const results = await new AxeBuilder({ page }).include('#main-content').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
}

for (const path of PUBLIC_PAGES) {
  test(`${path} has no serious or critical axe violations`, async ({ page }) => {
    await page.goto(path);
    // the page itself, not the lazy-chunk fallback, then its data requests
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^Loading/);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a professional profile has no serious or critical axe violations and carries Person JSON-LD', async ({
  page,
}) => {
  await page.goto('/search?q=react');
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('Loading reviews…')).toHaveCount(0);
  const jsonLd = await page.locator('#page-json-ld').textContent();
  expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'Person' });
  expect(await seriousViolations(page)).toEqual([]);
});
