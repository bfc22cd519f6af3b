import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { presetCookieConsent, VIEWPORTS, waitForGlobalElements } from './global-support.ts';

/** Serious and critical axe-core violations inside the given parts of the page. */
async function seriousViolations(page: Page, selectors: string[]) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of selectors) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`global elements accessibility (${name})`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => presetCookieConsent(page, 'rejected'));

    test('skip links, site tools, install prompt and offline notice pass axe', async ({
      page,
      context,
    }) => {
      await page.goto('/');
      await waitForGlobalElements(page);
      await page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true });
        Object.assign(event, { prompt: async () => {}, userChoice: new Promise(() => {}) });
        window.dispatchEvent(event);
      });
      await page.getByRole('button', { name: /^Performance score/ }).click();
      await context.setOffline(true);
      await expect(page.getByTestId('offline-indicator')).toHaveText(/offline/);
      await page.getByRole('link', { name: 'Skip to main content' }).focus();
      const found = await seriousViolations(page, [
        'nav[aria-label="Skip links"]',
        'aside[aria-label="Site tools"]',
        'section[aria-labelledby="install-prompt-title"]',
        '[data-testid="offline-indicator"]',
      ]);
      expect(found).toEqual([]);
      await context.setOffline(false);
    });

    test('a page with a toast showing passes axe, the toast list included', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto('/terms');
      const form = page.getByRole('form', { name: 'Newsletter' });
      await form.getByRole('textbox').fill(`toast-${randomUUID()}@example.co.uk`);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      const notifications = page.getByRole('list', { name: 'Notifications (F8)' });
      const shown = notifications.getByRole('status').filter({ hasText: 'Check your inbox' });
      await expect(shown).toBeVisible();
      await shown.hover(); // a toast stays while the pointer is on it: axe sees it throughout
      expect(await seriousViolations(page, ['ol[aria-label="Notifications (F8)"]'])).toEqual([]);
      expect(await seriousViolations(page, ['body'])).toEqual([]);
    });

    test('the accessibility settings dialog passes axe, also in high contrast', async ({
      page,
    }) => {
      await page.goto('/');
      await waitForGlobalElements(page);
      await page.getByRole('button', { name: 'Accessibility', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });
      await expect(dialog).toBeVisible();
      expect(await seriousViolations(page, ['dialog'])).toEqual([]);
      await dialog.getByLabel('High contrast').check();
      expect(await seriousViolations(page, ['dialog'])).toEqual([]);
    });
  });
}
