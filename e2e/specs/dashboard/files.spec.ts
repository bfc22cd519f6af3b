import { expectNoSeriousAxeViolations } from '../../support/axe.ts';
import { anonClient, expect, serviceClient, test } from '../../support/users.ts';

const usageText = (page: import('@playwright/test').Page) => page.getByTestId('storage-usage-text');

test('a professional uploads, shares and deletes a file, and the usage bar follows', async ({
  signedInPage: page,
  user,
  makeUser,
}) => {
  test.setTimeout(60_000);
  const partner = await makeUser({ accountType: 'business', name: 'Acme Buyer' });
  const started = await serviceClient()
    .from('conversations')
    .insert({ participant_1: partner.id, participant_2: user.id });
  expect(started.error).toBeNull();

  // The professional's overview, every panel drawn, before the files tab.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Unread messages' })).toBeVisible();
  await expect(page.locator('#main-content [role="status"][aria-label^="Loading"]')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await page.goto('/files');
  await expect(page).toHaveURL('/dashboard?tab=files');
  await expect(usageText(page)).toHaveText('0 bytes of 500 MB used');
  await expect(page.getByRole('progressbar', { name: 'Storage' })).toHaveAttribute('value', '0');

  const body = Buffer.alloc(300 * 1024, 'a');
  await page.getByLabel('Upload a file').setInputFiles({
    name: 'statement-of-work.txt',
    mimeType: 'text/plain',
    buffer: body,
  });
  await expect(page.getByText('File uploaded')).toBeVisible();
  const row = page.getByRole('row', { name: /statement-of-work\.txt/ });
  await expect(row).toContainText('300 KB');
  await expect(usageText(page)).toHaveText('300 KB of 500 MB used');
  await expect(page.getByRole('progressbar', { name: 'Storage' })).not.toHaveAttribute(
    'value',
    '0',
  );

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download statement-of-work.txt' }).click();
  expect((await download).suggestedFilename()).toBe('statement-of-work.txt');

  await row.getByRole('button', { name: 'Share statement-of-work.txt' }).click();
  const share = page.getByRole('group', { name: 'Share statement-of-work.txt with' });
  await share.getByLabel('Acme Buyer').check();
  await share.getByRole('button', { name: 'Save sharing' }).click();
  await expect(row).toContainText('Shared with Acme Buyer');
  await expectNoSeriousAxeViolations(page);

  // The partner can now read the file through the API.
  const asPartner = anonClient();
  await asPartner.auth.signInWithPassword({ email: partner.email, password: partner.password });
  const { data: listed } = await asPartner.from('files').select('storage_path, name');
  expect(listed?.map((file) => file.name)).toEqual(['statement-of-work.txt']);
  const fetched = await asPartner.storage.from('files').download(listed![0]!.storage_path);
  expect((await fetched.data?.text())?.length).toBe(body.length);

  await row.getByRole('button', { name: 'Delete statement-of-work.txt' }).click();
  await page.getByRole('button', { name: 'Delete statement-of-work.txt for good' }).click();
  await expect(page.getByText('File deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: /statement-of-work\.txt/ })).toHaveCount(0);
  await expect(usageText(page)).toHaveText('0 bytes of 500 MB used');
  const gone = await asPartner.storage.from('files').download(listed![0]!.storage_path);
  expect(gone.error).not.toBeNull();
});

test('a file over 6 MB goes up in resumable parts and comes back whole', async ({
  signedInPage: page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/dashboard?tab=files');
  await expect(usageText(page)).toHaveText('0 bytes of 500 MB used');
  const patches: number[] = [];
  page.on('response', (response) => {
    const { url, method } = { url: response.url(), method: response.request().method() };
    if (method === 'PATCH' && url.includes('/storage/v1/upload/resumable/'))
      patches.push(response.status());
  });
  const body = Buffer.alloc(7 * 1024 * 1024 + 3, 'b');
  await page.getByLabel('Upload a file').setInputFiles({
    name: 'site-survey.zip',
    mimeType: 'application/zip',
    buffer: body,
  });
  await expect(page.getByText('File uploaded')).toBeVisible({ timeout: 60_000 });
  // Two 6 MB chunks, each acknowledged.
  expect(patches).toEqual([204, 204]);
  const row = page.getByRole('row', { name: /site-survey\.zip/ });
  await expect(row).toContainText('7 MB');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download site-survey.zip' }).click();
  const saved = await (await download).path();
  const { statSync } = await import('node:fs');
  expect(statSync(saved).size).toBe(body.length);
});
