import { fileURLToPath } from 'node:url';
import { createUser, expect, serviceClient, signInAs, test } from '../../support/users.ts';
import { expectNoSeriousAxeViolations } from '../../support/axe.ts';

// Any real picture will do: the shell's app icon, framed and cropped in the browser.
const PHOTO = fileURLToPath(new URL('../../../shell/public/icons/icon-192.png', import.meta.url));

test('a professional fills in their profile with a photo and sees it on their public page', async ({
  signedInPage: page,
  user,
}) => {
  test.setTimeout(60_000);
  await page.goto('/dashboard?tab=settings');
  const form = page.getByRole('form', { name: 'Your profile' });
  await expect(form.getByLabel('Name')).toHaveValue(user.name);

  await page.getByLabel('Choose a new photo').setInputFiles(PHOTO);
  await expect(page.getByRole('group', { name: 'Crop your photo' })).toBeVisible();
  await page.getByLabel('Zoom').fill('1.5');
  await page.getByRole('button', { name: 'Save photo' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Your current profile photo' });
  await expect(avatar).toHaveAttribute('src', /\/storage\/v1\/object\/public\/avatars\//);

  await form.getByLabel('Professional title').fill('Cloud migration lead');
  await form.getByLabel('Bio').fill('I move businesses to the cloud without downtime.');
  await form.getByLabel('Location').fill('Bristol');
  await form.getByLabel('Cloud Services').check();
  await form.getByLabel('Skills').fill('Terraform, AWS, Kubernetes');
  await form.getByLabel('Hourly rate from (£)').fill('70');
  await form.getByLabel('Hourly rate to (£)').fill('95');
  await form.getByLabel('Availability').selectOption('busy');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  await page.getByRole('link', { name: 'your public profile' }).click();
  await expect(page).toHaveURL(`/professional/${user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: user.name })).toBeVisible();
  await expect(page.getByText('Cloud migration lead in Bristol').first()).toBeVisible();
  await expect(page.getByText('I move businesses to the cloud without downtime.')).toBeVisible();
  await expect(page.getByText('Kubernetes')).toBeVisible();
  await expect(page.getByText('£70–£95/hr').first()).toBeVisible();
  const photo = page.getByRole('img', { name: `Profile photo of ${user.name}` });
  await expect(photo).toBeVisible();
  // The stored picture is the cropped square, served from the public bucket.
  expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);
});

test("saving without a session says 'No user logged in'", async ({ signedInPage: page }) => {
  await page.goto('/dashboard?tab=settings');
  const form = page.getByRole('form', { name: 'Your profile' });
  await form.getByLabel('Location').fill('Leeds');
  // The session disappears (signed out in another tab, storage cleared) while the form is open.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('sb-')) localStorage.removeItem(key);
  });
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('No user logged in')).toBeVisible();
});

test('a user chooses notifications, downloads their data, then deletes their account', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // not makeUser: the test deletes the account itself, so there is nothing to clean up after
  const user = await createUser({ accountType: 'business', name: 'Dana Data' });
  await signInAs(page, user);
  // settings links to the one place notifications are chosen
  await page.goto('/dashboard?tab=settings');
  await page.getByRole('link', { name: 'Choose your notifications' }).click();
  await expect(page).toHaveURL('/smart-notifications');

  // notification preferences are saved to the account
  const messages = page.getByRole('group', { name: 'New messages' });
  await messages.getByRole('combobox', { name: 'E-mail' }).selectOption('No e-mail');
  await page.getByRole('button', { name: 'Save notification preferences' }).click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();
  const prefs = await serviceClient()
    .from('notification_preferences')
    .select('kind, email')
    .eq('user_id', user.id)
    .eq('kind', 'messages');
  expect(prefs.data).toEqual([{ kind: 'messages', email: false }]);

  await page.goto('/dashboard?tab=settings');
  // download my data: built in the background, then a link to one JSON file
  await page.getByRole('button', { name: 'Download my data' }).click();
  const link = page.getByRole('link', { name: /^Download your data \(JSON, / });
  await expect(link).toBeVisible({ timeout: 10_000 });
  const archive = await (await page.request.get((await link.getAttribute('href'))!)).json();
  expect(archive.account.email).toBe(user.email);
  expect(archive.profile).toMatchObject({ id: user.id, name: 'Dana Data' });
  expect(archive.tables.notification_preferences).toEqual(
    expect.arrayContaining([expect.objectContaining({ kind: 'messages', email: false })]),
  );
  await expectNoSeriousAxeViolations(page);

  // then the account goes, exports included, and nothing of theirs is readable
  await page.getByLabel('Type DELETE MY ACCOUNT to confirm').fill('DELETE MY ACCOUNT');
  await page.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page).toHaveURL('/');
  const service = serviceClient();
  expect((await service.from('profiles').select('id').eq('id', user.id)).data).toEqual([]);
  expect((await service.from('data_exports').select('id').eq('user_id', user.id)).data).toEqual([]);
  expect((await service.storage.from('exports').list(user.id)).data ?? []).toEqual([]);
});
