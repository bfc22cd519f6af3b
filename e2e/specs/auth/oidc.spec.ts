import { expect, test, type Page } from '@playwright/test';
import { OIDC_ISSUER_PORT } from '../../support/oidc-issuer-setup.ts';
import { totpCode } from '../../support/auth-totp.ts';
import {
  anonClient,
  createUser,
  serviceClient,
  signInAs,
  uniqueEmail,
} from '../../support/users.ts';

/**
 * "Continue with LinkedIn" through a real OpenID Connect provider on loopback (the certified
 * oidc-provider package, standing in for LinkedIn: its own login and consent pages), back into
 * ProMatch.
 */
const ISSUER = new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_ISSUER_PORT}/interaction/`);

/** The provider's own pages: log in as `login` (an e-mail address), then allow or cancel. */
async function atProvider(page: Page, login: string, consent = true) {
  await expect(page).toHaveURL(ISSUER);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize' })).toBeVisible();
  if (consent) await page.getByRole('button', { name: 'Continue' }).click();
  else await page.getByRole('link', { name: '[ Cancel ]' }).click();
}

async function userByEmail(email: string) {
  const { data } = await serviceClient().auth.admin.listUsers({ perPage: 1000 });
  return data.users.find((candidate) => candidate.email === email);
}

test('a business registers with LinkedIn: account type and company first, then the provider, into the dashboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('linkedin-biz');
  await page.goto('/register');
  await page.getByRole('radio', { name: 'Business Account' }).check();
  const linkedIn = page.getByRole('button', { name: 'Continue with LinkedIn' });
  await expect(linkedIn).toBeDisabled();
  await expect(page.getByText('A business account starts with its company')).toBeVisible();
  await page.getByLabel('Search Companies House').fill('promatch test');
  await page.getByRole('button', { name: /PROMATCH TEST SOLUTIONS LIMITED \(12345678\)/ }).click();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await expect(linkedIn).toBeEnabled();
  await linkedIn.click();

  await atProvider(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const user = await userByEmail(email);
  expect(user?.identities?.map((identity) => identity.provider)).toEqual(['linkedin_oidc']);
  const { data: profile } = await serviceClient()
    .from('profiles')
    .select('account_type, companies(company_number, verified_at)')
    .eq('id', user!.id)
    .single();
  expect(profile).toMatchObject({
    account_type: 'business',
    companies: { company_number: '12345678' },
  });
});

test('signing in with LinkedIn without an account asks for the account type first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with LinkedIn' }).click();
  await atProvider(page, uniqueEmail('linkedin-new'));
  await expect(page).toHaveURL(/\/register\?oauth_signup=1/);
  await expect(page.getByText('No ProMatch account uses that login yet.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Professional Account' })).toBeVisible();
});

test('a refused consent at LinkedIn comes back to sign-in with no one signed in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with LinkedIn' }).click();
  await atProvider(page, uniqueEmail('linkedin-shy'), false);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toContainText('cancelled');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a signed-in user links LinkedIn under Account security, signs in with it, and unlinks it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await createUser();
  await signInAs(page, user);
  await page.goto('/account/security');
  const ways = page.getByRole('list', { name: 'Ways to sign in' });
  await expect(ways.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('This is your only way to sign in')).toBeVisible();
  await page.getByRole('button', { name: 'Link LinkedIn' }).click();
  // Linking needs no matching address: the provider account is the user's own choice.
  const workLogin = uniqueEmail('linkedin-work');
  await atProvider(page, workLogin);
  await expect(page).toHaveURL('/account/security');
  await expect(ways.getByRole('listitem')).toHaveCount(2);
  await expect(ways.getByText(/^LinkedIn/)).toBeVisible();

  // Another browser signs in through LinkedIn alone.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await second.goto('/login');
    await second.getByRole('button', { name: 'Continue with LinkedIn' }).click();
    await atProvider(second, workLogin);
    await expect(second).toHaveURL(/\/dashboard/);
  } finally {
    await other.close();
  }

  await page.getByRole('button', { name: 'Unlink LinkedIn' }).click();
  await expect(ways.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Link LinkedIn' })).toBeVisible();
});

test('an account with an authenticator app that signs in with LinkedIn still gives its code', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A confirmed account with TOTP; the provider has the same verified address, so the first
  // LinkedIn sign-in links to it.
  const user = await createUser();
  const client = anonClient();
  await client.auth.signInWithPassword({ email: user.email, password: user.password });
  const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
  const secret = factor!.totp.secret;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: factor!.id,
    code: totpCode(secret),
  });
  expect(verified.error).toBeNull();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with LinkedIn' }).click();
  await atProvider(page, user.email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
