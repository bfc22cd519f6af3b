import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../../support/auth-totp.ts';
import { createUser, signInAs } from '../../support/users.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a user enrols TOTP and must give a code at the next sign-in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await createUser();
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard/);

  // Reached from the dashboard's settings tab (mf-dashboard), served by mf-auth.
  await page.goto('/dashboard?tab=settings');
  await page.getByRole('link', { name: 'Manage two-factor authentication' }).click();
  await expect(page).toHaveURL('/account/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Account security' })).toBeVisible();
  // This remote's area only: the shell's header is checked by the shell's own specs.
  const axe = await new AxeBuilder({ page }).include('#main-content').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(
    page.getByRole('list', { name: 'Your second factors' }).getByText('Active'),
  ).toBeVisible();

  const fresh = await browser.newContext();
  const next = await fresh.newPage();
  await signIn(next, user.email, user.password);
  await expect(next.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(next).toHaveURL(/\/login/);
  await next.getByLabel('Authentication code').fill('000000');
  await next.getByRole('button', { name: 'Verify' }).click();
  await expect(
    next
      .getByRole('alert')
      .filter({ hasText: /code|invalid/i })
      .first(),
  ).toBeVisible();
  await next.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
  await next.getByRole('button', { name: 'Verify' }).click();
  await expect(next).toHaveURL(/\/dashboard/);
  await expect(next.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await fresh.close();

  // A password-only (aal1) session already in the page's storage, as after a reload or an e-mail
  // link: the dashboard is not shown; the sign-in page asks for the code only, then returns there.
  const restored = await browser.newContext();
  const tab = await restored.newPage();
  await signInAs(tab, user);
  await tab.goto('/dashboard?tab=settings');
  await expect(tab).toHaveURL(/\/login\?returnTo=%2Fdashboard/);
  await expect(tab.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(tab.getByLabel('Password', { exact: true })).toHaveCount(0);
  await tab.getByLabel('Authentication code').fill(totpCode(secret));
  await tab.getByRole('button', { name: 'Verify' }).click();
  await expect(tab).toHaveURL(/\/dashboard\?tab=settings/);
  await restored.close();
});
