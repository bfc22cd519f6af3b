import { expect, test, type Page } from '@playwright/test';
import { textedCode } from '../../support/auth-mail.ts';
import { createUser, deleteUser } from '../../support/users.ts';

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

/** Chromium's virtual security key (DevTools WebAuthn domain), touch and PIN included. */
async function addVirtualSecurityKey(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('an account with a phone and a passkey is texted a code at sign-in and may use the passkey instead', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await createUser();
  const phone = mobile();
  try {
    await addVirtualSecurityKey(page);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard/);

    // Every section of the security page, the ways to sign in included.
    await page.goto('/account/security');
    for (const name of [
      'Your second factors',
      'Authenticator apps',
      'Text message',
      'Passkeys',
      'Ways to sign in',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }

    // The passkey first: passing it lifts this session to aal2, which adding the phone then needs.
    await page.getByLabel('Passkey name').fill('Desk security key');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const passkeys = page.getByRole('list', { name: 'Your passkeys' });
    await expect(passkeys.getByText('Desk security key')).toBeVisible();

    await page.getByLabel('Mobile number').fill(phone.national.replace(' ', ''));
    await page.getByRole('button', { name: 'Text me a code' }).click();
    const enrolment = await textedCode(phone.e164);
    await page.getByLabel('Code from the text message').fill(enrolment.code);
    await page.getByRole('button', { name: 'Verify and enable' }).click();
    const factors = page.getByRole('list', { name: 'Your second factors' });
    await expect(factors.getByText(`Phone ${phone.national}`)).toBeVisible();

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    // The password again: a code is texted on arrival, and the passkey is offered beside it.
    await signIn(page, user.email, user.password);
    await expect(
      page.getByText(`We sent a 6-digit code by text message to ${phone.national}.`),
    ).toBeVisible();
    await expect(page.getByLabel('Code from the text message')).toBeVisible();
    await expect(page.getByLabel('Authentication code')).toHaveCount(0);
    await textedCode(phone.e164, enrolment.id);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard/);

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
  } finally {
    await deleteUser(user);
  }
});
