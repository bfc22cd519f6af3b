import { expect, test } from '@playwright/test';
import { expectLivePage } from '../../support/site.ts';
import { createUser, makeAdmin, signInAs } from '../../support/users.ts';

test.describe('header, signed out', () => {
  test('shows the logo, Find Professionals, Sign In and Get Started', async ({ page }) => {
    await page.goto('/pricing');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'ProMatch home' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Find Professionals' })).toHaveAttribute(
      'href',
      '/search',
    );
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});

test.describe('header, signed in', () => {
  test('a professional sees Search and Messages, the menu, and can log out', async ({ page }) => {
    const user = await createUser({ name: 'Priya Patel', accountType: 'professional' });
    await signInAs(page, user);
    await page.goto('/dashboard');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Search' })).toBeVisible();
    await expect(header.getByRole('link', { name: /Messages/ })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Browse' })).toHaveCount(0);

    await header.getByRole('button', { name: 'Account menu for Priya Patel' }).click();
    await expect(header.getByText('Professional Account')).toBeVisible();
    await expect(header.getByText('Pro', { exact: true })).toBeVisible();
    const menu = header.getByRole('navigation', { name: 'Account' });
    await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/dashboard?tab=settings',
    );
    await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: /^Status: / })).toBeVisible();

    await menu.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByText('Successfully logged out')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('a business sees Browse, and an admin sees Admin', async ({ page }) => {
    const user = await createUser({ name: 'Bianca Business', accountType: 'business' });
    await makeAdmin(user);
    await signInAs(page, user);
    await page.goto('/dashboard');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Browse' })).toHaveAttribute(
      'href',
      '/browse-professionals',
    );
    await header.getByRole('button', { name: 'Account menu for Bianca Business' }).click();
    await expect(header.getByText('Business Account')).toBeVisible();
    await expect(header.getByText('Biz', { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/management',
    );
  });

  test('signed-in users are sent from /login to returnTo (same-site only) or the dashboard', async ({
    page,
  }) => {
    await signInAs(page, await createUser());
    await page.goto('/login?returnTo=%2Fmessages');
    await expect(page).toHaveURL('/messages');
    await page.goto('/register?returnTo=https%3A%2F%2Fevil.example');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('theme', () => {
  const background = (page: import('@playwright/test').Page) =>
    page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  test('light, dark and system, remembered, with system following the OS live', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/terms');
    // The theme menu opens only once the live page has taken over the server-rendered one.
    await expectLivePage(page);
    const light = await background(page);
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('button', { name: /Dark/ }).click();
    const dark = await background(page);
    expect(dark).not.toBe(light);
    await page.reload();
    // The live page applies the theme once it renders; the server-rendered page steps aside for a
    // dark theme before that.
    await expect.poll(() => background(page)).toBe(dark);

    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('button', { name: /System/ }).click();
    await expect.poll(() => background(page)).toBe(light);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(page)).toBe(dark);
  });
});

test.describe('announcement banner', () => {
  test('shows the newest announcement for the user until dismissed', async ({ page }) => {
    const { serviceClient } = await import('../../support/users.ts');
    const title = `Maintenance ${Date.now()}`;
    const { error } = await serviceClient().from('system_notifications').insert({
      title,
      message: 'Video calls pause on Sunday 02:00-03:00.',
      target_type: 'business',
      is_active: true,
    });
    expect(error).toBeNull();
    await signInAs(page, await createUser({ accountType: 'business' }));
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Announcement' });
    await expect(banner).toContainText(title);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
  });
});
