import { expect, test, type Page } from '@playwright/test';
import { textedCode } from '../../support/auth-mail.ts';
import { createUser } from '../../support/users.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A UK mobile number of its own for each run (07400 is a mobile range). */
function mobile() {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return { national: `07400 ${digits}`, e164: `+447400${digits}` };
}

test('a user adds a phone as second factor and signs in with the code texted to it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await createUser();
  const phone = mobile();
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/account/security');
  await expect(page.getByRole('heading', { level: 2, name: 'Text message' })).toBeVisible();
  // Typed as people write it; stored in E.164 and shown back in UK format.
  await page.getByLabel('Mobile number').fill(phone.national.replace(' ', ''));
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(
    page.getByText(`We sent a 6-digit code by text message to ${phone.national}.`),
  ).toBeVisible();
  const enrolment = await textedCode(phone.e164);
  await page.getByLabel('Code from the text message').fill(enrolment.code);
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  const factors = page.getByRole('list', { name: 'Your second factors' });
  await expect(factors.getByText(`Phone ${phone.national}`)).toBeVisible();
  await expect(factors.getByText('Active')).toBeVisible();

  // The next sign-in, in another browser, owes the texted code.
  const fresh = await browser.newContext();
  const next = await fresh.newPage();
  await signIn(next, user.email, user.password);
  await expect(next.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(
    next.getByText(`We sent a 6-digit code by text message to ${phone.national}.`),
  ).toBeVisible();
  await expect(next).toHaveURL(/\/login/);
  const signInCode = await textedCode(phone.e164, enrolment.id);
  await next
    .getByLabel('Code from the text message')
    .fill(signInCode.code === '000000' ? '111111' : '000000');
  await next.getByRole('button', { name: 'Verify' }).click();
  await expect(
    next.getByRole('alert').filter({ hasText: 'That code is not right' }).first(),
  ).toBeVisible();
  await next.getByLabel('Code from the text message').fill(signInCode.code);
  await next.getByRole('button', { name: 'Verify' }).click();
  await expect(next).toHaveURL(/\/dashboard/);
  await expect(next.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await fresh.close();
});

test('repeated failed sign-ins in one browser are told apart and make the next attempt wait', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = await createUser();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  const password = page.getByLabel('Password', { exact: true });
  const button = page.getByRole('button', { name: 'Sign In' });
  for (let i = 1; i <= 3; i += 1) {
    await password.fill(`Wrong-pass-${i}`);
    await button.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first(),
    ).toBeVisible();
    if (i < 3) await expect(page.getByTestId('attempt-notice')).toHaveCount(0);
  }
  const notice = page.getByTestId('attempt-notice');
  await expect(notice).toContainText('3 sign-in attempts from this browser failed.');
  await expect(notice).toContainText(/you can try again in [1-5] seconds?\./);
  await expect(button).toBeDisabled();
  // A reload does not reset this browser's count.
  await page.reload();
  await expect(page.getByTestId('attempt-notice')).toContainText('3 sign-in attempts');
  // The wait runs out (5 s) and the form may be sent again; the right password clears the count.
  await expect(page.getByTestId('attempt-notice')).toContainText('You can try again now.', {
    timeout: 10_000,
  });
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  expect(await page.evaluate(() => localStorage.getItem('promatch:sign-in-failures'))).toBeNull();
});
