import { expect, test } from '../../support/users.ts';

test('offline while saving the profile: the typed text stays, and the save goes out once back online', async ({
  signedInPage: page,
  context,
}) => {
  test.setTimeout(60_000);
  await page.goto('/dashboard?tab=settings');
  const form = page.getByRole('form', { name: 'Your profile' });
  await expect(form.getByLabel('Bio')).toBeEditable();
  const bio = 'Typed while the train went through a tunnel.';
  await form.getByLabel('Bio').fill(bio);
  await form.getByLabel('Location').fill('Cardiff');

  await context.setOffline(true);
  await expect(page.getByTestId('offline-indicator')).toHaveText(/You are offline/);
  await form.getByRole('button', { name: 'Save profile' }).click();
  // No success while offline, and nothing the user typed is lost.
  await expect(page.getByText('Profile updated successfully')).toHaveCount(0);
  await expect(form.getByLabel('Bio')).toHaveValue(bio);
  await expect(form.getByLabel('Location')).toHaveValue('Cardiff');

  // The save waits for the connection (react-query pauses it) and goes out by itself once back.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-indicator')).toHaveText('You are back online.');
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your profile' }).getByLabel('Bio')).toHaveValue(bio);
});

test('on a slow 3G connection the dashboard still loads and saves', async ({
  signedInPage: page,
}) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Chrome DevTools' "Slow 3G": 400 ms round trip, about 50 KB/s each way.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (500 * 1024) / 8,
    uploadThroughput: (500 * 1024) / 8,
  });
  await page.goto('/dashboard?tab=settings', { timeout: 90_000 });
  const form = page.getByRole('form', { name: 'Your profile' });
  await expect(form.getByLabel('Location')).toBeEditable({ timeout: 60_000 });
  await expect(page.getByTestId('offline-indicator')).not.toHaveText(/You are offline/);
  await form.getByLabel('Location').fill('Aberdeen');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible({ timeout: 30_000 });
});

test('an access token that expires during a long visit is refreshed; the user stays signed in', async ({
  signedInPage: page,
}) => {
  test.setTimeout(60_000);
  await page.clock.install();
  await page.goto('/dashboard?tab=settings');
  const form = page.getByRole('form', { name: 'Your profile' });
  await expect(form.getByLabel('Location')).toBeEditable();
  const firstToken = await page.evaluate(() => {
    const key = Object.keys(localStorage).find(
      (k) => k.startsWith('sb-') && k.endsWith('-auth-token'),
    );
    return key
      ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  expect(firstToken).toBeTruthy();

  // Two hours on the page: the hour-long access token runs out and is refreshed in the background.
  const refreshed = page.waitForResponse(
    (response) =>
      response.url().includes('/auth/v1/token?grant_type=refresh_token') && response.ok(),
  );
  await page.clock.runFor(2 * 60 * 60 * 1000);
  await refreshed;

  const saved = page.waitForRequest(
    (request) => request.url().includes('/rest/v1/profiles') && request.method() === 'PATCH',
  );
  await form.getByLabel('Location').fill('Inverness');
  await form.getByRole('button', { name: 'Save profile' }).click();
  const authorization = (await saved).headers().authorization ?? '';
  expect(authorization).toMatch(/^Bearer /);
  expect(authorization).not.toBe(`Bearer ${firstToken}`);
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByText('No user logged in')).toHaveCount(0);
});
