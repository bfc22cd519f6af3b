import { outbox } from '../../support/auth-mail.ts';
import { expect, STRONG_PASSWORD, test } from '../../support/users.ts';

test('a wrong password shows "Invalid email or password"', async ({ page, user }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('WrongPass9');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an unconfirmed address is asked to confirm', async ({ page, makeUser }) => {
  const user = await makeUser({ confirmed: false });
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByText('Please check your email and click the confirmation link').first(),
  ).toBeVisible();
});

test('registering an address that has an account looks like any sign-up; the owner is e-mailed', async ({
  page,
  user,
}) => {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Dup Licate');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The same answer as for a new address, so the form cannot tell anyone who is registered.
  await expect(
    page
      .getByRole('status')
      .getByText(/check your email/i)
      .first(),
  ).toBeVisible();
  await expect(page.getByText('An account with this email already exists')).toHaveCount(0);
  await expect
    .poll(async () =>
      (await outbox())
        .filter((message) => message.to.includes(user.email))
        .map((message) => message.subject),
    )
    .toContain('Someone tried to sign up with your ProMatch address');
});

test('registering with a common password says it is too common', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Common Choice');
  await page.getByLabel('Email').fill(`common-${Date.now()}@example.com`);
  // Meets the form's own rules (upper, lower, number, 6+) but is on the breached list.
  await page.getByLabel('Password', { exact: true }).fill('Password1');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page
      .getByText('This password is too common and easy to guess. Please choose a different one.')
      .first(),
  ).toBeVisible();
});

test('the login form validates, blocks a blank submit and keeps the service wording', async ({
  page,
}) => {
  await page.goto('/login?service=cybersecurity&returnTo=https%3A%2F%2Fevil.example');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Access Cybersecurity Experts' }),
  ).toBeVisible();
  await expect(page.getByText('Find Cybersecurity Professionals')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Find Cybersecurity Experts' });
  await submit.click();
  await expect(page.getByText('Email is required').first()).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up here' })).toHaveAttribute(
    'href',
    '/register?service=cybersecurity&returnTo=https%3A%2F%2Fevil.example',
  );
});

test('a good sign-in goes to a same-site returnTo, never to another site', async ({
  page,
  user,
}) => {
  await page.goto('/login?returnTo=%2F%2Fevil.example%2Fsteal');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('http://localhost:3000/dashboard');
});
