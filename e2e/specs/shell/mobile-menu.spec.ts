import type { Page } from '@playwright/test';
import { expectLivePage } from '../../support/site.ts';
import { expect, test } from '../../support/users.ts';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

async function swipe(page: Page, fromX: number, toX: number, y = 400) {
  await page.evaluate(
    ([startX, endX, atY]) => {
      const touch = (x: number) =>
        new Touch({ identifier: 1, target: document.body, clientX: x, clientY: atY });
      document.dispatchEvent(
        new TouchEvent('touchstart', { touches: [touch(startX)], bubbles: true }),
      );
      document.dispatchEvent(
        new TouchEvent('touchend', { changedTouches: [touch(endX)], bubbles: true }),
      );
    },
    [fromX, toX, y] as const,
  );
}

const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

test('opens by button, shows Explore and sign-in actions, and locks scrolling', async ({
  page,
}) => {
  await page.goto('/terms');
  await expectLivePage(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const name of ['Home', 'Find Professionals', 'For Business', 'Log In', 'Get Started']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  await expect(menu.getByRole('button', { name: /^Theme:/ })).toBeVisible();
  expect(await bodyOverflow(page)).toBe('hidden');
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  expect(await bodyOverflow(page)).toBe('');
});

test('swipe right opens, swipe left closes; short or vertical swipes do nothing', async ({
  page,
}) => {
  await page.goto('/terms');
  // The menu's button and swipe listener belong to the live header: a tap or swipe on the
  // server-rendered page, before its code has run, can be lost.
  await expectLivePage(page);
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await swipe(page, 20, 60);
  await expect(menu).toBeHidden();
  await swipe(page, 20, 200);
  await expect(menu).toBeVisible();
  await swipe(page, 300, 100);
  await expect(menu).toBeHidden();
});

test('a click outside closes it, and so does growing to 768 px', async ({ page }) => {
  await page.goto('/terms');
  await expectLivePage(page);
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('banner')
    .getByRole('link', { name: 'ProMatch home' })
    .click({ position: { x: 2, y: 2 } });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await page.setViewportSize({ width: 900, height: 740 });
  await expect(menu).toBeHidden();
  expect(await bodyOverflow(page)).toBe('');
});

test('signed in: account items and Signed in as, with Sign Out', async ({
  signedInPage: page,
  user,
}) => {
  await page.goto('/dashboard');
  await expectLivePage(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const name of ['Dashboard', 'Search', 'Messages']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu).toContainText(`Signed in as ${user.name}`);
  await menu.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
});
