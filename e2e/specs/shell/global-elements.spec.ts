import { expect, test } from '@playwright/test';
import { expectLivePage, holdShellScript } from '../../support/site.ts';
import { presetCookieConsent, VIEWPORTS, waitForGlobalElements } from './global-support.ts';

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`global elements (${name})`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => presetCookieConsent(page, 'rejected'));

    test('the skip-link bar is first by keyboard and focuses each landmark', async ({ page }) => {
      await page.goto('/');
      // The live page, once it has hydrated the server-rendered one (server-rendering.spec.ts
      // covers keyboard focus across that hand-over).
      await expectLivePage(page);
      await expect(page.locator('#search')).toBeVisible();
      const targets = [
        ['Skip to main content', '#main-content'],
        // Below 768 px the nav is in the mobile menu, reached through its toggle.
        [
          'Skip to navigation',
          name === 'desktop' ? '#navigation' : 'header button[aria-label="Open menu"]',
        ],
        ['Skip to search', '#search input'],
        ['Skip to footer', '#footer'],
      ] as const;
      await page.keyboard.press('Tab');
      const first = page.getByRole('link', { name: 'Skip to main content' });
      await expect(first).toBeFocused();
      await expect(first).toBeInViewport();
      for (const [label, selector] of targets) {
        const link = page.getByRole('link', { name: label });
        await link.focus();
        await page.keyboard.press('Enter');
        await expect(page.locator(selector).first()).toBeFocused();
      }
    });

    test('skip to search on a page without one goes to /search', async ({ page }) => {
      await page.goto('/pricing');
      await page.getByRole('link', { name: 'Skip to search' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/search$/);
      // /search's own field when it has one, the main content otherwise: focus is never lost.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null))
        .toBe(true);
    });

    test("skip to search pressed before the page's code has loaded still goes to /search", async ({
      page,
    }) => {
      const release = await holdShellScript(page);
      await page.goto('/pricing', { waitUntil: 'commit' });
      const skip = page.getByRole('link', { name: 'Skip to search' });
      await skip.focus();
      await page.keyboard.press('Enter');
      // The browser follows the server-rendered link natively: there is no search field here.
      await expect(page).toHaveURL(/\/pricing#search$/);
      release();
      await expect(page).toHaveURL(/\/search$/);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null))
        .toBe(true);
    });

    test('the offline indicator announces losing and regaining the connection', async ({
      page,
      context,
    }) => {
      await page.goto('/pricing');
      await waitForGlobalElements(page);
      const status = page.getByTestId('offline-indicator');
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await context.setOffline(true);
      await expect(status).toHaveText(/You are offline/);
      await context.setOffline(false);
      await expect(status).toHaveText('You are back online.');
    });

    test('the offline indicator works when the connection drops before the page is idle', async ({
      page,
      context,
    }) => {
      // The rest of the global elements load when the page is first idle; a connection lost
      // before then means they never arrive. Their chunk (the one with the "Site tools" dock)
      // is refused here, so only what the first render holds can show the notice.
      await page.route('**/*.js', async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes('Site tools')) return route.abort('internetdisconnected');
        await route.fulfill({ response, body });
      });
      await page.goto('/pricing');
      await expectLivePage(page);
      await context.setOffline(true);
      await expect(page.getByTestId('offline-indicator')).toHaveText(/You are offline/);
      await expect(page.getByRole('complementary', { name: 'Site tools' })).toHaveCount(0);
    });

    test('accessibility settings apply to the document, a remote page, and are remembered', async ({
      page,
    }) => {
      await page.goto('/pricing');
      const heading = page.getByRole('heading', { level: 1, name: 'Simple, Transparent Pricing' });
      await expect(heading).toBeVisible();
      const headingSize = () =>
        heading.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      let sizeBefore = Number.NaN;
      await expect
        .poll(async () => {
          sizeBefore = await headingSize();
          return sizeBefore;
        })
        .toBeGreaterThan(0);
      await waitForGlobalElements(page);
      await page.getByRole('button', { name: 'Accessibility', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('High contrast').check();
      await dialog.getByLabel('Reduce motion').check();
      await dialog.getByLabel('Text size').selectOption('xl');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-a11y-high-contrast', 'true');
      await expect(html).toHaveAttribute('data-a11y-reduced-motion', 'true');
      await expect(html).toHaveAttribute('data-a11y-font-size', 'xl');
      // The remote's heading (mf-marketing) scales with the root font size.
      await expect.poll(headingSize).toBeGreaterThan(sizeBefore);

      await page.reload();
      await expect(html).toHaveAttribute('data-a11y-font-size', 'xl');
      await expect(html).toHaveAttribute('data-a11y-high-contrast', 'true');
      const settings = await page.evaluate(() => localStorage.getItem('promatch.accessibility'));
      expect(JSON.parse(settings ?? '{}')).toMatchObject({ fontSize: 'xl', highContrast: true });
    });

    test('the settings dialog opens from the skip-link bar by keyboard', async ({ page }) => {
      await page.goto('/');
      await waitForGlobalElements(page);
      const opener = page.getByRole('button', { name: 'Accessibility settings' });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('High contrast')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('the performance widget shows a score out of 100 and its metrics', async ({ page }) => {
      await page.goto('/');
      await waitForGlobalElements(page);
      const toggle = page.getByRole('button', { name: /^Performance score: \d+$/ });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const panel = page.getByRole('heading', { name: /^Performance score \d+\/100$/ });
      await expect(panel).toBeVisible();
      await expect(page.getByText('Load time')).toBeVisible();
      await expect(page.getByText(/^\d+ ms \((good|needs work|poor)\)$/).first()).toBeVisible();
    });
  });
}
