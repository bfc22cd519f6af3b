import { stopApp, startApp } from '../../support/stack-control.ts';
import { expect, makeAdmin, signInAs, test } from '../../support/users.ts';

// Stops a real app server, so it runs in the 'isolation' project, alone.
test('the testing portal shows a remote whose server is stopped as failed', async ({
  page,
  makeUser,
}) => {
  test.setTimeout(60_000);
  const admin = await makeUser({ accountType: 'business', name: 'Olly Outage' });
  await makeAdmin(admin);
  await signInAs(page, admin);
  await stopApp('mf-marketing');
  try {
    await page.goto('/testing-portal');
    const apps = page.getByRole('table', { name: 'Deployed apps' });
    const marketing = apps.getByRole('row', { name: /^mf_marketing\b/ });
    await expect(marketing.getByText('Failed', { exact: true })).toBeVisible();
    await expect(marketing).toContainText('http://localhost:3001/mf-manifest.json');
    await expect(apps.getByRole('row', { name: /^mf_dashboard\b/ })).toContainText('Loaded');
  } finally {
    await startApp('mf-marketing');
  }
  await page.getByRole('button', { name: 'Check the apps again' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Deployed apps' })
      .getByRole('row', { name: /^mf_marketing\b/ }),
  ).toContainText('Loaded');
});
