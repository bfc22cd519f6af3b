import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { serviceClient, uniqueEmail } from '../../support/users.ts';

test('a visitor leaves an e-mail with consent and reaches AI matching, not the dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('lead');
  await page.goto('/get-access');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Get access' }).click();
  await expect(page.getByText('Please agree so we can store your details')).toBeVisible();
  await page.getByRole('checkbox', { name: /I agree that ProMatch may store/ }).check();
  await page.getByRole('button', { name: 'Get access' }).click();
  await expect(page).toHaveURL(/\/ai-matching/);

  const stored = await page.evaluate(() => localStorage.getItem('promatch.leadCapture'));
  expect(JSON.parse(stored!)).toMatchObject({ email, consentGiven: true, consentVersion: '1.0' });
  const { data } = await serviceClient()
    .from('leads')
    .select('email, consent_version, consented_at')
    .eq('email', email);
  expect(data).toEqual([expect.objectContaining({ email, consent_version: '1.0' })]);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard/);
});

for (const path of ['/login', '/register', '/forgot-password', '/reset-password', '/get-access']) {
  test(`${path} has no serious or critical axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
}
