import { expect, test } from '@playwright/test';
import { expectLivePage } from '../../support/site.ts';

// The e2e backend starts with 200 deterministic demo professionals (global setup); every one of
// them offers remote work, so 'remote work' gives several pages of results.
test('search from the home page, filter, paginate, open a profile and come back with the filters intact', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Describe what you need' }).fill('remote work');
  await page.getByRole('button', { name: 'Find Professionals' }).click();
  await expect(page).toHaveURL(/\/search\?q=remote\+work|\/search\?q=remote%20work/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('remote work');
  await expect(page.getByRole('heading', { name: /professionals? found/ })).toBeVisible();
  // The results may arrive server-rendered; the filters apply through the live page's code.
  await expectLivePage(page);

  await page.getByLabel('Sort by').selectOption('rating');
  await expect(page).toHaveURL(/sort=rating/);
  await page.getByLabel('Verified only').check();
  await expect(page).toHaveURL(/verified=1/);
  await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();

  const results = page.getByRole('region', { name: /professionals? found/ });
  const firstProfile = results.getByRole('article').first().getByRole('link').first();
  const name = (await firstProfile.textContent())!;
  await firstProfile.click();
  await expect(page).toHaveURL(/\/professional\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to send a message' })).toHaveAttribute(
    'href',
    /\/login\?returnTo=%2Fprofessional%2F/,
  );

  await page.goBack();
  await expect(page).toHaveURL(/sort=rating/);
  await expect(page).toHaveURL(/verified=1/);
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  await expect(page.getByLabel('Verified only')).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
});

test('a search with no matches explains what to do next', async ({ page }) => {
  await page.goto('/search?q=zzqxv+underwater+basket');
  await expect(page.getByRole('heading', { name: /No professionals match/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear all filters' })).toBeVisible();
});

test('a typo still finds professionals', async ({ page }) => {
  await page.goto('/search?q=kubernetis');
  await expect(page.getByRole('heading', { name: /professionals? found/ })).toBeVisible();
});

test('browse by a home-page category and open an unknown profile', async ({ page }) => {
  await page.goto('/');
  const card = page
    .getByRole('region', { name: 'Browse by category' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Cloud Services', exact: true }) });
  // The card's count is the database's, and browsing the category finds exactly that many.
  const counted = Number(
    (await card.getByText(/^[\d,]+ professionals?$/).textContent())?.replace(/\D/g, ''),
  );
  expect(counted).toBeGreaterThan(0);
  await card.getByRole('link', { name: 'Cloud Services' }).click();
  await expect(page).toHaveURL(/\/browse-professionals\?category=cloud-services$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Browse Cloud Services professionals',
  );
  await expect(page.getByRole('heading', { name: /professionals? found/ })).toHaveText(
    new RegExp(`^${counted} professionals? found`),
  );
  await page.goto('/professional/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Professional profile not found' })).toBeVisible();
});

test('home shows database figures, featured experts and signed-out featured profiles ask to sign in', async ({
  page,
}) => {
  await page.goto('/');
  // 200 seeded professionals, plus any that other tests have registered meanwhile.
  const stats = page.getByRole('definition').first();
  await expect(stats).toHaveText(/^\d{3,}$/);
  expect(Number(await stats.textContent())).toBeGreaterThanOrEqual(200);
  // The seeded professionals are generated: the page says so, and claims no completed projects.
  await expect(page.getByRole('note')).toHaveText(/^Demo data: .* generated examples/);
  await expect(page.getByLabel('ProMatch in numbers')).not.toContainText('completed');
  const featured = page.getByRole('region', { name: 'Featured experts' }).getByRole('article');
  await expect(featured).toHaveCount(3);
  // one demo professional in six is on Pro, so the first featured expert is plan-featured
  await expect(featured.first().getByText('Featured', { exact: true })).toBeVisible();
  await expect(featured.first().getByText('Pro', { exact: true })).toBeVisible();
  await featured.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fprofessional%2F[0-9a-f-]{36}$/);
});
