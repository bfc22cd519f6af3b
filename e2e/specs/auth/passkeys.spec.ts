import { expect, test, type Page } from '@playwright/test';
import { createUser, deleteUser } from '../../support/users.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Chromium's virtual authenticator (DevTools WebAuthn domain): a security key that answers
 * navigator.credentials.create()/get() itself, touch and PIN included, so the real browser
 * ceremony runs against the real server.
 */
async function addVirtualSecurityKey(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('a user registers a passkey, signs in with password and passkey (aal2), then removes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = await createUser();
  try {
    const key = await addVirtualSecurityKey(page);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard/);

    await page.goto('/account/security');
    await expect(page.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeVisible();
    await expect(page.getByText('No passkey is registered yet.')).toBeVisible();
    await page.getByLabel('Passkey name').fill('Desk security key');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByText('Desk security key')).toBeVisible();
    await expect(list.getByText(/Added \d{1,2} \w{3} \d{4}/)).toBeVisible();
    expect(await key.credentials()).toHaveLength(1);

    // Sign out through the account menu, then in again: the password alone is not enough.
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The session the page holds is aal2, signed with the passkey.
    const claims = await page.evaluate(() => {
      const raw = localStorage.getItem('sb-localhost-auth-token');
      const token = raw ? (JSON.parse(raw) as { access_token: string }).access_token : '';
      const payload = token.split('.')[1] ?? '';
      return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
        aal: string;
        amr: { method: string }[];
      };
    });
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((entry) => entry.method)).toContain('mfa/webauthn');

    await page.goto('/account/security');
    await expect(list.getByText(/Last used \d{1,2} \w{3} \d{4}/)).toBeVisible();
    await list.getByRole('button', { name: 'Remove passkey Desk security key' }).click();
    await expect(page.getByText('No passkey is registered yet.')).toBeVisible();
  } finally {
    await deleteUser(user);
  }
});
