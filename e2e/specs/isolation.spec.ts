import { expect, test } from '@playwright/test';
import { expectLivePage, fetchedResources, remoteEntryUrl } from '../support/site.ts';
import { pointRemoteAt, resetRemotes, startApp, stopApp } from '../support/stack-control.ts';

test.describe.configure({ mode: 'serial' });

test('a stopped remote fails alone and Try Again brings it back without a reload', async ({
  page,
}) => {
  await stopApp('mf-marketing');
  try {
    await page.goto('/pricing');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(alert).toContainText(
      'An error occurred in the Marketing pages. This is likely a temporary issue.',
    );
    await expect(alert.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await expect(alert).toContainText('If this problem persists, please contact support.');

    // Header, footer and the other remotes keep working.
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'ProMatch home' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Quick Links');
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('alert')).toBeVisible();
  } finally {
    await startApp('mf-marketing');
  }

  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Simple, Transparent Pricing' }),
  ).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
});

test('editing /remotes.json moves a remote without rebuilding the shell', async ({ page }) => {
  const movedPort = 3012;
  await startApp('mf-auth', movedPort);
  try {
    await pointRemoteAt('mf_auth', movedPort);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    // The sign-in page arrives rendered by mf-auth's server (found through the edited
    // /remotes.json too); the browser then loads the remote's code to hydrate it.
    await expectLivePage(page);
    await expect.poll(() => fetchedResources(page)).toContain(remoteEntryUrl('mf_auth', movedPort));
    expect(await fetchedResources(page)).not.toContain(remoteEntryUrl('mf_auth'));
  } finally {
    await resetRemotes();
    await stopApp(`mf-auth@${movedPort}`);
  }
});
