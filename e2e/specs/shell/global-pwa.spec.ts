import { expect, test, type Page } from '@playwright/test';
import { presetCookieConsent, VIEWPORTS, waitForGlobalElements } from './global-support.ts';

/** A stand-in for Chromium's install event: records whether the shell asked to prompt. */
function dispatchInstallEvent(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  return page.evaluate((choice) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        (window as unknown as { promptShown: boolean }).promptShown = true;
      },
      userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`installable site (${name})`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => presetCookieConsent(page, 'rejected'));

    test('the page links a manifest with the theme colour and an OpenSearch description', async ({
      page,
      request,
    }) => {
      await page.goto('/');
      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = await (await request.get(manifestHref ?? '')).json();
      expect(manifest).toMatchObject({
        theme_color: '#2563eb',
        start_url: '/',
        display: 'standalone',
      });
      for (const icon of manifest.icons as { src: string }[]) {
        expect((await request.get(icon.src)).ok()).toBe(true);
      }
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#2563eb');
      const search = page.locator('link[rel="search"]');
      await expect(search).toHaveAttribute('type', 'application/opensearchdescription+xml');
      const xml = await (await request.get((await search.getAttribute('href')) ?? '')).text();
      expect(xml).toContain('template="/search?q={searchTerms}"');
    });

    test('the service worker registers and serves the shell offline, never caching config', async ({
      page,
      context,
    }) => {
      await page.goto('/pricing');
      await waitForGlobalElements(page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe('http://localhost:3000/');
      await expect
        .poll(() =>
          page.evaluate(async () => (await (await caches.open('promatch-assets')).keys()).length),
        )
        .toBeGreaterThan(0);
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls;
      });
      expect(
        cached.some((url) => /config\.json|remotes\.json|remoteEntry|mf-manifest|:54321/.test(url)),
      ).toBe(false);

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('link', { name: 'ProMatch home' })).toBeVisible();
      await expect(page.locator('#footer')).toBeVisible();
      await context.setOffline(false);
    });

    test('the install prompt offers installing, and "Not now" is remembered', async ({ page }) => {
      await page.goto('/');
      await waitForGlobalElements(page);
      expect(await dispatchInstallEvent(page)).toBe(true);
      const prompt = page.getByRole('region', { name: 'Install ProMatch' });
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await expect(prompt).toBeHidden();

      await page.reload();
      await waitForGlobalElements(page);
      await dispatchInstallEvent(page);
      await expect(page.getByRole('region', { name: 'Install ProMatch' })).toHaveCount(0);
    });

    test('Install hands over to the browser prompt', async ({ page }) => {
      await page.goto('/');
      await waitForGlobalElements(page);
      await dispatchInstallEvent(page, 'accepted');
      const prompt = page.getByRole('region', { name: 'Install ProMatch' });
      await prompt.getByRole('button', { name: 'Install' }).click();
      await expect(prompt).toBeHidden();
      expect(
        await page.evaluate(() => (window as unknown as { promptShown?: boolean }).promptShown),
      ).toBe(true);
    });
  });
}
