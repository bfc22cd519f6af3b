import { expect, test } from '@playwright/test';
import { emailedLink } from '../../support/auth-mail.ts';
import { createUser, uniqueEmail } from '../../support/users.ts';

const SENT = 'If an account exists for that address, we have sent a link to reset your password.';

test('a password is reset through the e-mailed link and the user is signed in', async ({
  page,
}) => {
  const user = await createUser();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(SENT)).toBeVisible();

  await page.goto(await emailedLink(user.email, 'recovery'));
  await expect(page).toHaveURL(/\/reset-password\?code=/);
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Brand1NewPass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Brand1NewPass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('an unknown address gets the same answer (no account enumeration)', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(SENT)).toBeVisible();
});
