import { expect, test, type Page } from '@playwright/test';
import { emailedLink } from '../../support/auth-mail.ts';
import { serviceClient, STRONG_PASSWORD, uniqueEmail } from '../../support/users.ts';

async function fillAccount(page: Page, name: string, email: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
}

async function acceptAndSubmit(page: Page) {
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Registration successful! Please check your email for confirmation.').first(),
  ).toBeVisible();
}

async function profileWithCompany(email: string) {
  const service = serviceClient();
  const { data: users } = await service.auth.admin.listUsers({ perPage: 1000 });
  const user = users.users.find((candidate) => candidate.email === email);
  const { data } = await service
    .from('profiles')
    .select('account_type, company, companies(company_number, verification_source, verified_at)')
    .eq('id', user!.id)
    .single();
  return data as unknown as {
    account_type: string;
    companies: { company_number: string; verification_source: string; verified_at: string | null };
  };
}

test('a professional registers with the pro plan, confirms by e-mail and lands on the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('pro');
  await page.goto('/register?plan=pro');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const pro = page.getByRole('radio', { name: /Most Popular/ });
  await expect(pro).toBeChecked();
  await fillAccount(page, 'Priya Pro', email);
  await acceptAndSubmit(page);
  await expect(page.getByText(/Welcome to ProMatch!/)).toBeVisible();

  await page.goto(await emailedLink(email, 'signup'));
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const service = serviceClient();
  const { data: users } = await service.auth.admin.listUsers({ perPage: 1000 });
  const user = users.users.find((candidate) => candidate.email === email);
  const { data: plan } = await service
    .from('user_subscriptions')
    .select('plan_type')
    .eq('user_id', user!.id)
    .single();
  expect(plan).toEqual({ plan_type: 'pro' });
});

test('a business registers with a company found in the register (stand-in)', async ({ page }) => {
  const email = uniqueEmail('biz');
  await page.goto('/register');
  await page.getByRole('radio', { name: 'Business Account' }).check();
  await expect(page.getByRole('radio', { name: /Most Popular/ })).toHaveCount(0);
  await fillAccount(page, 'Bianca Business', email);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await page.getByLabel('Search Companies House').fill('promatch test');
  await page.getByRole('button', { name: /PROMATCH TEST SOLUTIONS LIMITED \(12345678\)/ }).click();
  const selected = page.getByRole('region', { name: 'Selected company' });
  await expect(selected.getByText('Verified', { exact: true })).toBeVisible();
  await acceptAndSubmit(page);

  const profile = await profileWithCompany(email);
  expect(profile.account_type).toBe('business');
  expect(profile.companies).toMatchObject({
    company_number: '12345678',
    verification_source: 'companies_house',
  });
  expect(profile.companies.verified_at).not.toBeNull();
});

test('a business registers with a company entered by hand', async ({ page }) => {
  const email = uniqueEmail('manual');
  await page.goto('/register');
  await page.getByRole('radio', { name: 'Business Account' }).check();
  await fillAccount(page, 'Manny Manual', email);
  await page.getByLabel('Search Companies House').fill('zzqx no such firm');
  await expect(page.getByText('No active UK companies found matching your search.')).toBeVisible();
  const manual = page.getByRole('group', { name: 'Enter company details manually' });
  await manual.getByLabel('Company name').fill('Manny Consulting Ltd');
  await manual.getByLabel('Company number').fill('12');
  await manual.getByRole('button', { name: 'Save Company' }).click();
  await expect(
    manual.getByText('Please enter a valid UK company number (e.g., 12345678 or SC123456).'),
  ).toBeVisible();
  await manual.getByLabel('Company number').fill('NI 612345');
  await manual.getByRole('button', { name: 'Save Company' }).click();
  const selected = page.getByRole('region', { name: 'Selected company' });
  await expect(selected.getByText('Pending Verification')).toBeVisible();
  await acceptAndSubmit(page);

  const profile = await profileWithCompany(email);
  expect(profile.companies).toMatchObject({
    company_number: 'NI612345',
    verification_source: 'manual_entry',
    verified_at: null,
  });
});
