import { expectNoSeriousAxeViolations } from '../../support/axe.ts';
import { expect, makeAdmin, signInAs, test } from '../../support/users.ts';

test('an admin sees every app loaded, the backend healthy and all self-checks passing', async ({
  page,
  makeUser,
}) => {
  test.setTimeout(60_000);
  const admin = await makeUser({ accountType: 'business', name: 'Tess Tester' });
  await makeAdmin(admin);
  await signInAs(page, admin);
  await page.goto('/testing-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Testing Portal' })).toBeVisible();

  const apps = page.getByRole('table', { name: 'Deployed apps' });
  for (const name of [
    'shell',
    'mf_marketing',
    'mf_auth',
    'mf_dashboard',
    'mf_messaging',
    'mf_admin',
  ]) {
    const row = apps.getByRole('row', { name: new RegExp(`^${name}\\b`) });
    await expect(row).toContainText('Loaded');
    // the build stamp: a version and a build time
    await expect(row).toContainText('0.1.0');
    await expect(row.getByRole('cell').nth(3)).toHaveText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}/);
  }
  const backend = page.getByRole('table', { name: 'Backend components' });
  await expect(backend.getByText('Healthy', { exact: true })).toHaveCount(3);

  await page.getByRole('button', { name: 'Run all self-checks' }).click();
  await expect(page.getByText('5 of 5 self-checks passed.')).toBeVisible({ timeout: 30_000 });
  const checks = page.getByRole('table', { name: 'Self-checks' });
  await expect(checks.getByText('Passed', { exact: true })).toHaveCount(5);
  await expectNoSeriousAxeViolations(page);
});

test('someone who is not an admin is told the portal is for administrators', async ({
  signedInPage: page,
}) => {
  await page.goto('/testing-portal');
  await expect(page.getByRole('note')).toHaveText(
    'The testing portal is for ProMatch administrators.',
  );
  await expect(page.getByRole('button', { name: 'Run all self-checks' })).toHaveCount(0);
});
