import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../../support/users.ts';

// Public pages arrive rendered by mf-marketing's server renderer, composed into index.html by
// the shell's server (decision 0035); the live page takes over once it has rendered.

/** Keeps the shell's entry script from arriving until the returned function is called. */
async function holdShellScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function firstProfilePath(page: Page): Promise<string> {
  await page.goto('/search?q=remote+work');
  const results = page.getByRole('region', { name: /professionals? found/ });
  const link = results.getByRole('article').first().getByRole('link').first();
  return (await link.getAttribute('href'))!;
}

test("a profile's document already holds the professional, and the live page reuses its data", async ({
  page,
  request,
}) => {
  const profilePath = await firstProfilePath(page);
  const html = await (await request.get(profilePath)).text();
  const name = html.match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1];
  expect(name).toBeTruthy();
  expect(html).toContain('id="promatch-query-state"');

  const profileRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rest/v1/profiles')) profileRequests.push(r.url());
  });
  await page.goto(profilePath);
  await expect(page.locator('#promatch-server-page')).toHaveCount(0);
  await expect(page.locator('#root')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  expect(profileRequests).toEqual([]);
});

test('server-rendered pages, before the live page arrives, have no serious or critical axe violations', async ({
  page,
}) => {
  await holdShellScript(page); // never released: the server page is all there is
  for (const path of ['/', '/search?q=react', '/pricing', '/contact']) {
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator('#promatch-server-page')).toBeVisible();
    const results = await new AxeBuilder({ page }).exclude('#root').analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${path} ${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`,
      );
    expect(serious).toEqual([]);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page reads, and its search box leads to server-rendered results', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find the right professional for your project' }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'Describe what you need' }).fill('remote work');
    await page.getByRole('searchbox', { name: 'Describe what you need' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=remote\+work/);
    await expect(page.getByRole('heading', { name: /professionals? found/ })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
  });
});

test('what a visitor types before the live page takes over is kept', async ({ page }) => {
  // Hold the shell's code back until the visitor has typed into the server-rendered page.
  const release = await holdShellScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: 'Describe what you need' });
  await box.fill('cloud migration');
  release();
  await expect(page.locator('#promatch-server-page')).toHaveCount(0);
  await expect(page.locator('#root #hero-search')).toHaveValue('cloud migration');
  await page.locator('#root #hero-search').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=cloud%20migration|\/search\?q=cloud\+migration/);
});

test('keyboard focus on the server-rendered page moves to the same place on the live page', async ({
  page,
}) => {
  const release = await holdShellScript(page);
  await page.goto('/pricing', { waitUntil: 'commit' });
  await expect(page.locator('#promatch-server-page')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.locator('#promatch-server-page').getByRole('link', {
    name: 'Skip to main content',
  });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#promatch-server-main')).toBeFocused();
  release();
  await expect(page.locator('#promatch-server-page')).toHaveCount(0);
  await expect(page.locator('#main-content')).toBeFocused();
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('a visitor whose theme is dark gets the live page only (the server renders light)', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#promatch-server-page')).toHaveCount(0);
    await expect(page.locator('#promatch-server-page-style')).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find the right professional for your project' }),
    ).toBeVisible();
  });
});

test('a signed-in visitor gets the live page only, with data fetched as themselves', async ({
  page,
}) => {
  const user = await createUser({ name: 'Server Render Reader', accountType: 'business' });
  await signInAs(page, user);
  const restCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rest/v1/')) restCalls.push(r.url());
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#promatch-server-page')).toHaveCount(0);
  await expect(page.locator('#promatch-query-state')).toHaveCount(0);
  await expect(
    page.getByRole('banner').getByRole('button', { name: /Account menu/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured experts' })).toBeVisible();
  await expect.poll(() => restCalls.some((url) => url.includes('marketplace_stats'))).toBe(true);
});
