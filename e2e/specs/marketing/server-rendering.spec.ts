import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectLivePage, holdShellScript } from '../../support/site.ts';
import { createUser, signInAs } from '../../support/users.ts';

// Public pages arrive rendered by mf-marketing's server renderer (and the sign-in page by
// mf-auth's) inside the shell's, composed into index.html by the shell's server (decisions 0035,
// 0108, 0124); the browser hydrates that markup.

const SERVER_RENDERED = '#root[data-server-rendered]';

async function firstProfilePath(page: Page): Promise<string> {
  await page.goto('/search?q=remote+work');
  const results = page.getByRole('region', { name: /professionals? found/ });
  const link = results.getByRole('article').first().getByRole('link').first();
  return (await link.getAttribute('href'))!;
}

/** Messages React (or the shell's report of it) gives for markup it could not hydrate. */
const HYDRATION_ERROR = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

test('the live page adopts the server-rendered elements on every public page, with no hydration mismatch', async ({
  page,
}) => {
  const profilePath = await firstProfilePath(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  for (const path of ['/', '/search?q=react', profilePath, '/pricing', '/login']) {
    const release = await holdShellScript(page);
    await page.goto(path, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // Keep hold of the server's heading element before any of the site's JavaScript has run.
    await heading.evaluate((element) => {
      (window as unknown as { serverHeading: Element }).serverHeading = element;
    });
    release();
    await expectLivePage(page);
    await page.waitForLoadState('networkidle');
    // The same element is the live page's heading: React adopted it rather than drawing anew.
    const adopted = await page.evaluate(
      () =>
        (window as unknown as { serverHeading: Element }).serverHeading ===
        document.querySelector('h1'),
    );
    expect(adopted, path).toBe(true);
    await page.unrouteAll();
  }
  // A page no remote renders on the server is rendered in the browser, as before.
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors.filter((text) => HYDRATION_ERROR.test(text))).toEqual([]);
});

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
  await expectLivePage(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  expect(profileRequests).toEqual([]);
});

test('server-rendered pages, before the live page arrives, have no serious or critical axe violations', async ({
  page,
}) => {
  test.slow(); // four whole pages through axe
  await holdShellScript(page); // never released: the server page is all there is
  for (const path of ['/', '/search?q=react', '/pricing', '/contact']) {
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator(SERVER_RENDERED)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
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
  await expectLivePage(page);
  // The live page's own state holds it: Enter runs the live search, which reads that state.
  await expect(page.locator('#hero-search')).toHaveValue('cloud migration');
  await page.locator('#hero-search').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=cloud%20migration|\/search\?q=cloud\+migration/);
});

test('the server-rendered sign-in form keeps what was typed before it hydrated, and signs in', async ({
  page,
}) => {
  const user = await createUser({ name: 'Early Typist', accountType: 'business' });
  const release = await holdShellScript(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator(SERVER_RENDERED)).toBeVisible();
  const submit = page.getByRole('button', { name: 'Sign In' });
  // Until its code arrives the form cannot be sent (natively, it would carry the password).
  await expect(submit).toBeDisabled();
  await page.locator('#login-email').fill(user.email);
  await page.locator('#login-password').fill(user.password);
  await page.locator('#login-password').press('Enter');
  await expect(page.locator('#login-password')).toBeFocused();
  release();
  await expectLivePage(page);
  await expect(page).toHaveURL('http://localhost:3000/login');
  await expect(page.locator('#login-email')).toHaveValue(user.email);
  await expect(page.locator('#login-password')).toHaveValue(user.password);
  // Focus stayed in the password field, and Enter now sends what the live form holds.
  await expect(page.locator('#login-password')).toBeFocused();
  await expect(submit).toBeEnabled();
  await page.locator('#login-password').press('Enter');
  await expect(page).toHaveURL('http://localhost:3000/dashboard');
});

test('the cookie banner is on the first paint for a visitor who has not chosen, and the live one takes over', async ({
  page,
}) => {
  const release = await holdShellScript(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator(SERVER_RENDERED)).toBeVisible();
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  // The server's copy cannot record a choice: its buttons wait for the live banner.
  await expect(banner.getByRole('button', { name: 'Accept analytics' })).toBeDisabled();
  release();
  await expectLivePage(page);
  await expect(banner.getByRole('button', { name: 'Accept analytics' })).toBeEnabled();
  await expect(banner).toHaveCount(1);
  await banner.getByRole('button', { name: 'Essential only' }).click();
  await expect(banner).toHaveCount(0);

  // Chosen: the next server-rendered page has no banner, not even for a moment.
  await holdShellScript(page);
  await page.goto('/pricing', { waitUntil: 'commit' });
  await expect(page.locator(SERVER_RENDERED)).toBeVisible();
  await expect(page.locator('#promatch-cookie-banner-server')).toHaveCount(0);
});

test.describe('without JavaScript, no cookie banner', () => {
  test.use({ javaScriptEnabled: false });

  test('the server-rendered banner stays hidden: there is nothing to consent to', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(page.locator('#promatch-cookie-banner-server')).toBeHidden();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  });
});

test('keyboard focus on the server-rendered page moves to the same place on the live page', async ({
  page,
}) => {
  const release = await holdShellScript(page);
  await page.goto('/pricing', { waitUntil: 'commit' });
  await expect(page.locator(SERVER_RENDERED)).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  release();
  await expectLivePage(page);
  await expect(page.locator('#main-content')).toBeFocused();
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('a visitor whose theme is dark gets the live page only (the server renders light)', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator(SERVER_RENDERED)).toHaveCount(0);
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
  await expect(page.locator(SERVER_RENDERED)).toHaveCount(0);
  await expect(page.locator('#promatch-query-state')).toHaveCount(0);
  await expect(
    page.getByRole('banner').getByRole('button', { name: /Account menu/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured experts' })).toBeVisible();
  await expect.poll(() => restCalls.some((url) => url.includes('marketplace_stats'))).toBe(true);
});
